/** Every path the app knows (docs/PRODUCT.md#screens-and-routes, DECISIONS.md). Pages and links use these instead of literals. */
export const paths = {
  landing: '/',
  welcome: '/welcome',
  signIn: '/sign-in',
  signInPopup: '/sign-in/popup',
  signInPopupDone: '/sign-in/popup-done',
  resetPassword: '/reset-password',
  tutorial: '/tutorial',
  communityGuidelines: '/community-guidelines',
  privacyPolicy: '/privacy-policy',
  termsAndConditions: '/terms-and-conditions',
  myBops: '/my-bops',
  profile: '/my-bops/profile',
  manage: '/manage',
  songCover: '/create/song-cover',
  voiceCloningStep: (step: number) => `/create/voice-cloning/step-${step}`,
  rapStep: (step: number) => `/create/step-${step}`,
  listen: (musicId: string) => `/listen/${encodeURIComponent(musicId)}`,
  playlist: (playlistId: string) => `/playlist/${encodeURIComponent(playlistId)}`,
  shared: (playlistId: string) => `/shared/${encodeURIComponent(playlistId)}`,
} as const;

/** The signed-in home, where sign-in lands when nothing else was asked for. */
export const defaultSignedInPath = paths.myBops;

/** docs/PRODUCT.md#screens-and-routes: the home, signed-in home and /playlist/* get the music-player background. */
export function hasPlayerBackground(pathname: string): boolean {
  return pathname === paths.landing || pathname === paths.myBops || pathname.startsWith('/playlist/');
}

/** Detail-type routes show a back button instead of the drawer button on mobile (docs/PRODUCT.md#screens-and-routes). */
export function isDetailRoute(pathname: string): boolean {
  return (
    pathname.startsWith('/create/') ||
    pathname === paths.profile ||
    pathname === paths.manage ||
    pathname === paths.tutorial ||
    pathname === paths.communityGuidelines ||
    pathname === paths.privacyPolicy ||
    pathname === paths.termsAndConditions
  );
}

/** Shared-music targets get the "Let's hear it!" sign-in variant. */
export function isSharedMusicPath(pathname: string): boolean {
  return pathname.startsWith('/shared/') || pathname.startsWith('/listen/');
}

/** `step-3` → 3; anything else → null, so a mistyped step is an unknown path. */
export function parseStep(segment: string | undefined): number | null {
  const match = /^step-([1-9]\d{0,2})$/.exec(segment ?? '');
  return match ? Number(match[1]) : null;
}
