import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { LanguageSwitch } from '../../../components/language-switch';
import { ThemeToggle } from '../../../components/theme-toggle';
import { Logo } from '../../../components/ui/logo';

interface AuthLayoutProps {
  title: string;
  subtitle: string;
  footer?: ReactNode;
  children: ReactNode;
}

/** The frame of the sign-in screens: a centred card on a soft background. */
export function AuthLayout({ title, subtitle, footer, children }: AuthLayoutProps) {
  return (
    <div className="relative flex min-h-screen flex-col bg-gradient-to-br from-indigo-50 via-white to-sky-50 text-slate-900 dark:from-slate-950 dark:via-slate-950 dark:to-indigo-950 dark:text-slate-100">
      <header className="flex items-center justify-between px-4 py-4 sm:px-8">
        <Link to="/" className="rounded-lg">
          <Logo />
        </Link>
        <div className="flex items-center gap-2">
          <LanguageSwitch />
          <ThemeToggle />
        </div>
      </header>
      <main className="flex flex-1 items-center justify-center px-4 pb-16">
        <div className="w-full max-w-md rounded-2xl border border-slate-200 bg-white/90 p-8 shadow-xl shadow-indigo-500/5 backdrop-blur dark:border-slate-800 dark:bg-slate-900/80">
          <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{subtitle}</p>
          <div className="mt-6">{children}</div>
          {footer && <p className="mt-6 text-center text-sm text-slate-600 dark:text-slate-400">{footer}</p>}
        </div>
      </main>
    </div>
  );
}

export const authLinkClass = 'font-medium text-indigo-600 hover:underline dark:text-indigo-400';
