import { defaultSignedInPath, paths } from '../navigation/route-paths.ts';

/**
 * Where the mobile back button goes (docs/PRODUCT.md#screens-and-routes): home when the navigation state says backToHome, else one step back.
 * The router keys the first entry of a tab "default": from there a step back would leave Bops, so it goes home too.
 */
export function backDestination(
  navigationState: unknown,
  locationKey: string,
  authenticated: boolean,
): string | -1 {
  const home = authenticated ? defaultSignedInPath : paths.landing;
  if ((navigationState as { backToHome?: unknown } | null)?.backToHome === true) return home;
  if (locationKey === 'default') return home;
  return -1;
}
