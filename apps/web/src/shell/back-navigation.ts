import { defaultSignedInPath, paths } from '../navigation/route-paths.ts';

/**
 * Where the mobile back button goes (spec §2): home when the navigation state says backToHome, else one step back.
 * With no earlier entry of ours in this tab (a link opened fresh), a step back would leave Bops, so it goes home too.
 */
export function backDestination(
  navigationState: unknown,
  historyIndex: number | undefined,
  authenticated: boolean,
): string | -1 {
  const home = authenticated ? defaultSignedInPath : paths.landing;
  if ((navigationState as { backToHome?: unknown } | null)?.backToHome === true) return home;
  if (historyIndex === undefined || historyIndex <= 0) return home;
  return -1;
}
