import type { CrashReport } from '@bops/shared/api/shell';

/**
 * Reports a rendering crash to our own server. Plain fetch with keepalive: the store may be what broke, and the
 * user may leave the page right away. Reporting must never throw into the error screen.
 */
export async function reportCrash(
  report: CrashReport,
  fetchFn: typeof fetch = globalThis.fetch,
): Promise<void> {
  try {
    await fetchFn('/api/crash-reports', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(report),
      credentials: 'same-origin',
      keepalive: true,
    });
  } catch (error) {
    console.warn('The crash report could not be sent.', error);
  }
}
