import { useTranslation } from 'react-i18next';

interface LogoProps {
  className?: string;
  /** Classes for the name beside the mark (e.g. hidden in a narrow side navigation). */
  nameClassName?: string;
}

/** The Papan mark and name. */
export function Logo({ className = '', nameClassName = '' }: LogoProps) {
  const { t } = useTranslation();
  return (
    <span className={`inline-flex items-center gap-2 font-semibold tracking-tight ${className}`}>
      <svg aria-hidden="true" viewBox="0 0 32 32" className="size-8 shrink-0">
        <rect width="32" height="32" rx="8" className="fill-indigo-600" />
        <rect x="7" y="7" width="5" height="18" rx="1.5" fill="#fff" />
        <rect x="13.5" y="7" width="5" height="12" rx="1.5" fill="#fff" opacity=".85" />
        <rect x="20" y="7" width="5" height="8" rx="1.5" fill="#fff" opacity=".7" />
      </svg>
      <span className={`text-lg ${nameClassName}`}>{t('common.appName')}</span>
    </span>
  );
}
