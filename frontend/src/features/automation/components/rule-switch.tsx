import { useTranslation } from 'react-i18next';

interface RuleSwitchProps {
  name: string;
  enabled: boolean;
  disabled: boolean;
  onChange: (enabled: boolean) => void;
}

/** A rule's on/off switch (WAI-ARIA switch): Space or Enter flips it; "On"/"Off" is said beside it. */
export function RuleSwitch({ name, enabled, disabled, onChange }: RuleSwitchProps) {
  const { t } = useTranslation();
  return (
    <div className="flex shrink-0 items-center gap-2">
      <button
        type="button"
        role="switch"
        aria-checked={enabled}
        aria-label={t('automation.rule.enabled', { name })}
        disabled={disabled}
        onClick={() => onChange(!enabled)}
        className={`relative inline-flex h-6 w-11 shrink-0 items-center rounded-full transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-500 disabled:cursor-not-allowed disabled:opacity-60 ${
          enabled ? 'bg-indigo-600' : 'bg-slate-300 dark:bg-slate-600'
        }`}
      >
        <span
          aria-hidden="true"
          className={`inline-block size-5 rounded-full bg-white shadow transition-transform ${
            enabled ? 'translate-x-5' : 'translate-x-0.5'
          }`}
        />
      </button>
      <span aria-hidden="true" className="w-9 text-xs font-medium text-slate-600 dark:text-slate-300">
        {enabled ? t('automation.rule.on') : t('automation.rule.off')}
      </span>
    </div>
  );
}
