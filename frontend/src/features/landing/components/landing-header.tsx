import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { LanguageSwitch } from '../../../components/language-switch';
import { ThemeToggle } from '../../../components/theme-toggle';
import { buttonStyles } from '../../../components/ui/button-styles';
import { Logo } from '../../../components/ui/logo';

export function LandingHeader() {
  const { t } = useTranslation();
  return (
    <header className="sticky top-0 z-30 border-b border-slate-200/70 bg-white/80 backdrop-blur dark:border-slate-800/70 dark:bg-slate-950/80">
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-3 px-4 sm:px-6 lg:px-8">
        <Link to="/" className="rounded-lg">
          <Logo />
        </Link>
        <div className="ml-auto flex items-center gap-2">
          <div className="hidden sm:block">
            <LanguageSwitch />
          </div>
          <ThemeToggle />
          <Link to="/login" className={buttonStyles('ghost', 'sm', 'whitespace-nowrap')}>
            {t('landing.nav.login')}
          </Link>
          <Link to="/register" className={buttonStyles('primary', 'sm', 'whitespace-nowrap')}>
            {t('landing.nav.getStarted')}
          </Link>
        </div>
      </div>
    </header>
  );
}
