import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from '../../public/locales/en/translation.json';
import id from '../../public/locales/id/translation.json';
import { i18nOptions } from '../lib/i18n-options';

/** The real translation files, loaded synchronously; a missing key fails the test that uses it. */
export const testI18n = i18n.createInstance();

void testI18n.use(initReactI18next).init({
  ...i18nOptions,
  lng: 'en',
  resources: { en: { translation: en }, id: { translation: id } },
  initAsync: false,
  parseMissingKeyHandler: (key: string) => {
    throw new Error(`Missing translation key: ${key}`);
  },
  react: { useSuspense: false },
});
