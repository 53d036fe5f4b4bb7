import { LANGUAGES, THEMES } from '@papan/shared';
import { Moon, Sun } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Panel } from '../../../components/ui/panel';
import { useTheme } from '../../../lib/theme';

interface ChoiceProps {
  name: string;
  value: string;
  checked: boolean;
  onChange: () => void;
  children: ReactNode;
}

function Choice({ name, value, checked, onChange, children }: ChoiceProps) {
  return (
    <label
      className={`flex cursor-pointer items-center gap-3 rounded-xl border px-4 py-3 text-sm font-medium transition-colors has-focus-visible:outline-2 has-focus-visible:outline-indigo-500 ${
        checked
          ? 'border-indigo-500 bg-indigo-50 text-indigo-800 dark:bg-indigo-500/15 dark:text-indigo-100'
          : 'border-slate-200 hover:border-slate-300 dark:border-slate-700 dark:hover:border-slate-600'
      }`}
    >
      <input
        type="radio"
        name={name}
        value={value}
        checked={checked}
        onChange={onChange}
        className="sr-only"
      />
      {children}
    </label>
  );
}

/** Theme and language, applied at once (docs/product.md, "States and transitions"). */
export function AccessibilityTab() {
  const { t, i18n } = useTranslation();
  const theme = useTheme((state) => state.theme);
  const setTheme = useTheme((state) => state.setTheme);
  const language = LANGUAGES.find((lng) => lng === i18n.resolvedLanguage) ?? LANGUAGES[0];

  return (
    <div className="flex flex-col gap-6">
      <Panel
        title={t('settings.accessibility.theme.title')}
        description={t('settings.accessibility.theme.description')}
      >
        <fieldset>
          <legend className="sr-only">{t('settings.accessibility.theme.title')}</legend>
          <div className="grid gap-3 sm:grid-cols-2">
            {THEMES.map((value) => (
              <Choice
                key={value}
                name="theme"
                value={value}
                checked={theme === value}
                onChange={() => setTheme(value)}
              >
                {value === 'light' ? (
                  <Sun aria-hidden="true" className="size-5" />
                ) : (
                  <Moon aria-hidden="true" className="size-5" />
                )}
                {t(`settings.accessibility.theme.${value}`)}
              </Choice>
            ))}
          </div>
        </fieldset>
      </Panel>
      <Panel
        title={t('settings.accessibility.language.title')}
        description={t('settings.accessibility.language.description')}
      >
        <fieldset>
          <legend className="sr-only">{t('settings.accessibility.language.title')}</legend>
          <div className="grid gap-3 sm:grid-cols-2">
            {LANGUAGES.map((value) => (
              <Choice
                key={value}
                name="language"
                value={value}
                checked={language === value}
                onChange={() => void i18n.changeLanguage(value)}
              >
                <span
                  aria-hidden="true"
                  className="text-xs font-bold text-slate-600 uppercase dark:text-slate-400"
                >
                  {value}
                </span>
                {t(`common.languages.${value}`)}
              </Choice>
            ))}
          </div>
        </fieldset>
      </Panel>
    </div>
  );
}
