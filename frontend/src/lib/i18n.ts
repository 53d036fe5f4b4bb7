import i18n from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import HttpBackend, { type HttpBackendOptions } from 'i18next-http-backend';
import { initReactI18next } from 'react-i18next';
import { i18nOptions } from './i18n-options';

/** Translation loading limits (docs/product.md, "Languages and themes"). */
const TRANSLATION_LOADING = { maxParallelReads: 10, maxRetries: 5, firstRetryDelayMs: 350 } as const;

// Registered before init, which picks the first language.
i18n.on('languageChanged', (language) => {
  document.documentElement.lang = language;
});

void i18n
  .use(HttpBackend)
  .use(LanguageDetector)
  .use(initReactI18next)
  .init<HttpBackendOptions>({
    ...i18nOptions,
    maxParallelReads: TRANSLATION_LOADING.maxParallelReads,
    // i18next-http-backend marks 5xx and status-less failures retryable and 4xx or unparsable
    // answers final; i18next retries the retryable ones, doubling the delay each time.
    maxRetries: TRANSLATION_LOADING.maxRetries,
    retryTimeout: TRANSLATION_LOADING.firstRetryDelayMs,
    backend: { loadPath: '/locales/{{lng}}/translation.json' },
    detection: {
      order: ['querystring', 'cookie', 'localStorage', 'sessionStorage', 'navigator', 'htmlTag'],
      caches: ['cookie', 'localStorage'],
      cookieOptions: { path: '/', sameSite: 'lax' },
    },
  });

export default i18n;
