import { LANGUAGES, type Language } from '@papan/shared';
import { Languages } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

/** English / Indonesia; the change applies at once and is remembered by the language detector. */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  const id = useId();
  const current = LANGUAGES.find((language) => language === i18n.resolvedLanguage) ?? LANGUAGES[0];
  return (
    <div className="flex items-center gap-1.5 text-slate-600 dark:text-slate-300">
      <Languages aria-hidden="true" className="size-4" />
      <label htmlFor={id} className="sr-only">
        {t('common.language')}
      </label>
      <select
        id={id}
        value={current}
        onChange={(event) => void i18n.changeLanguage(event.target.value as Language)}
        className="h-9 rounded-lg border border-slate-300 bg-white px-2 text-sm text-slate-800 focus:border-indigo-500 focus:outline-none focus:ring-2 focus:ring-indigo-500/30 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100"
      >
        {LANGUAGES.map((language) => (
          <option key={language} value={language}>
            {t(`common.languages.${language}`)}
          </option>
        ))}
      </select>
    </div>
  );
}
