import { Link as RouterLink } from 'react-router';
import { navItemTarget, navItemUrl, type NavItem } from '../navigation/nav-items.ts';

/** Props that turn an MUI button or list item into the link a nav item stands for. */
export function navLinkProps(item: NavItem, authenticated: boolean) {
  const url = navItemUrl(item, authenticated);
  if (!url) return {};
  const target = navItemTarget(item);
  return target
    ? { component: RouterLink, to: url, target, rel: 'noopener' }
    : { component: RouterLink, to: url };
}
