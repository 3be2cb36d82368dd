import type { SvgIconComponent } from '@mui/icons-material';
import AccountCircleIcon from '@mui/icons-material/AccountCircle';
import AutoAwesomeIcon from '@mui/icons-material/AutoAwesome';
import DescriptionIcon from '@mui/icons-material/Description';
import GavelIcon from '@mui/icons-material/Gavel';
import GroupsIcon from '@mui/icons-material/Groups';
import HomeIcon from '@mui/icons-material/Home';
import LoginIcon from '@mui/icons-material/Login';
import LogoutIcon from '@mui/icons-material/Logout';
import MicIcon from '@mui/icons-material/Mic';
import PrivacyTipIcon from '@mui/icons-material/PrivacyTip';
import QueueMusicIcon from '@mui/icons-material/QueueMusic';
import RecordVoiceOverIcon from '@mui/icons-material/RecordVoiceOver';
import SchoolIcon from '@mui/icons-material/School';
import TuneIcon from '@mui/icons-material/Tune';
import { paths } from './route-paths.ts';

export type NavVisibility = 'always' | 'signedIn' | 'signedOut';

/** One entry of the navigation. Groups have children and no url; commands run an action instead of navigating. */
export interface NavItem {
  id: string;
  /** Key into the translation table. */
  title: string;
  url?: string;
  /** Signed-in users go here instead (Home → the signed-in home). */
  signedInUrl?: string;
  /** Opens in a new tab of our own origin, named after the item so repeated clicks reuse it. */
  newTab: boolean;
  icon: SvgIconComponent;
  visibility: NavVisibility;
  command?: 'signOut';
  children?: NavItem[];
}

/**
 * The one place the app's navigation is registered (docs/PRODUCT.md#screens-and-routes): the desktop header, the mobile drawer and the
 * footer all read from here.
 */
export const mainNavItems: readonly NavItem[] = [
  {
    id: 'home',
    title: 'nav.home',
    url: paths.landing,
    signedInUrl: paths.myBops,
    newTab: false,
    icon: HomeIcon,
    visibility: 'always',
  },
  {
    id: 'create',
    title: 'nav.create',
    newTab: false,
    icon: AutoAwesomeIcon,
    visibility: 'always',
    children: [
      {
        id: 'voice-cloning',
        title: 'nav.voiceCloning',
        url: paths.voiceCloningStep(1),
        newTab: false,
        icon: RecordVoiceOverIcon,
        visibility: 'always',
      },
      {
        id: 'song-cover',
        title: 'nav.songCover',
        url: paths.songCover,
        newTab: false,
        icon: QueueMusicIcon,
        visibility: 'always',
      },
      {
        id: 'rap',
        title: 'nav.rap',
        url: paths.rapStep(1),
        newTab: false,
        icon: MicIcon,
        visibility: 'always',
      },
    ],
  },
  {
    id: 'manage',
    title: 'nav.manage',
    url: paths.manage,
    newTab: false,
    icon: TuneIcon,
    visibility: 'signedIn',
  },
  {
    id: 'profile',
    title: 'nav.profile',
    url: paths.profile,
    newTab: false,
    icon: AccountCircleIcon,
    visibility: 'signedIn',
  },
  {
    id: 'tutorial',
    title: 'nav.tutorial',
    url: paths.tutorial,
    newTab: false,
    icon: SchoolIcon,
    visibility: 'always',
  },
  {
    id: 'log-in',
    title: 'nav.logIn',
    url: paths.signIn,
    newTab: false,
    icon: LoginIcon,
    visibility: 'signedOut',
  },
  {
    id: 'log-off',
    title: 'nav.logOff',
    newTab: false,
    icon: LogoutIcon,
    visibility: 'signedIn',
    command: 'signOut',
  },
];

export const legalNavItems: readonly NavItem[] = [
  {
    id: 'community-guidelines',
    title: 'nav.communityGuidelines',
    url: paths.communityGuidelines,
    newTab: true,
    icon: GroupsIcon,
    visibility: 'always',
  },
  {
    id: 'privacy-policy',
    title: 'nav.privacyPolicy',
    url: paths.privacyPolicy,
    newTab: true,
    icon: PrivacyTipIcon,
    visibility: 'always',
  },
  {
    id: 'terms-and-conditions',
    title: 'nav.termsAndConditions',
    url: paths.termsAndConditions,
    newTab: true,
    icon: DescriptionIcon,
    visibility: 'always',
  },
];

/** The drawer nests the legal pages in their own group. */
export const legalNavGroup: NavItem = {
  id: 'legal',
  title: 'nav.legal',
  newTab: false,
  icon: GavelIcon,
  visibility: 'always',
  children: [...legalNavItems],
};

/** The footer links (docs/PRODUCT.md#screens-and-routes: privacy policy and terms). */
export const footerNavItems: readonly NavItem[] = legalNavItems.filter(
  (item) => item.id !== 'community-guidelines',
);

export function isVisible(item: NavItem, authenticated: boolean): boolean {
  if (item.visibility === 'signedIn') return authenticated;
  if (item.visibility === 'signedOut') return !authenticated;
  return true;
}

/** The items a visitor or a signed-in user sees, groups filtered too, empty groups dropped. */
export function visibleNavItems(items: readonly NavItem[], authenticated: boolean): NavItem[] {
  const visible: NavItem[] = [];
  for (const item of items) {
    if (!isVisible(item, authenticated)) continue;
    if (item.children) {
      const children = visibleNavItems(item.children, authenticated);
      if (children.length > 0) visible.push({ ...item, children });
    } else {
      visible.push(item);
    }
  }
  return visible;
}

/** Log in and Log off: the last entry of every menu (docs/PRODUCT.md#screens-and-routes). */
export function isSessionItem(item: NavItem): boolean {
  return item.id === 'log-in' || item.id === 'log-off';
}

/** The mobile drawer's groups: the main navigation, the legal pages, then Log in or Log off on its own, last. */
export function drawerNavGroups(authenticated: boolean): NavItem[][] {
  const main = visibleNavItems(mainNavItems, authenticated);
  return [main.filter((item) => !isSessionItem(item)), [legalNavGroup], main.filter(isSessionItem)];
}

export function navItemUrl(item: NavItem, authenticated: boolean): string | undefined {
  return authenticated && item.signedInUrl ? item.signedInUrl : item.url;
}

/** The window name a new-tab item opens in. */
export function navItemTarget(item: NavItem): string | undefined {
  return item.newTab ? `bops-${item.id}` : undefined;
}
