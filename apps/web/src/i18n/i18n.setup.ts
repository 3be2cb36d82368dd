import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { en } from './en.translation.ts';

/** Initialised synchronously: the table is bundled, so the first render already has its words. */
export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  resources: { en: { translation: en } },
  lng: 'en',
  fallbackLng: 'en',
  initAsync: false,
  interpolation: { escapeValue: false },
  returnNull: false,
});
