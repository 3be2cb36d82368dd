import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { enCore } from './en-core.translation.ts';

/**
 * Initialised synchronously with the landing page's and the shell's words, so the first render already has them;
 * the rest of the table arrives with loadTexts before any other page renders.
 */
export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  resources: { en: { translation: enCore } },
  lng: 'en',
  fallbackLng: 'en',
  initAsync: false,
  interpolation: { escapeValue: false },
  returnNull: false,
});

let allTexts: Promise<void> | null = null;

/** Adds the whole English table (once); pages other than the landing page wait for it. */
export function loadTexts(): Promise<void> {
  allTexts ??= import('./en.translation.ts').then(({ en }) => {
    i18n.addResourceBundle('en', 'translation', en, true, true);
  });
  return allTexts;
}

/** A page's chunk together with the words it shows. */
export function withTexts<T>(load: () => Promise<T>): () => Promise<T> {
  return () => Promise.all([load(), loadTexts()]).then(([module]) => module);
}
