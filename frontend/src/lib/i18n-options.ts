import { FALLBACK_LANGUAGE, LANGUAGES } from '@papan/shared';
import type { InitOptions } from 'i18next';

/** Options shared by the app's i18next instance and the one the tests use. */
export const i18nOptions = {
  fallbackLng: FALLBACK_LANGUAGE,
  supportedLngs: [...LANGUAGES],
  // 'id-ID' from the browser loads /locales/id, never /locales/id-ID.
  load: 'languageOnly',
  ns: ['translation'],
  defaultNS: 'translation',
  // React escapes every value it renders.
  interpolation: { escapeValue: false },
  // Missing keys are reported, never sent anywhere.
  saveMissing: false,
  parseMissingKeyHandler: (key: string) => {
    console.warn(`[i18n] missing translation key: ${key}`);
    return key;
  },
  react: { useSuspense: true },
} satisfies InitOptions;
