import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { en } from '../i18n/en.translation.ts';
import { i18n } from '../i18n/i18n.setup.ts';

// The browser loads the words beyond the landing page's with the first other page; tests have them all from the start.
i18n.addResourceBundle('en', 'translation', en, true, true);

// Pages are lazy chunks; the first import of one can take a while on a busy machine (over 5 s was seen
// with the whole suite running on a loaded two-core machine). Waits end as soon as the page is there.
configure({ asyncUtilTimeout: 15_000 });

// jsdom has no layout: scrolling is a no-op we can observe.
window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;

afterEach(() => {
  cleanup();
  window.localStorage.clear();
  vi.unstubAllGlobals();
});
