import type en from '../public/locales/en/translation.json';

// Every t('…') key is checked against the English file at compile time.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof en };
  }
}
