import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router-dom';
import { Button } from '../components/ui/button';

/** Shown instead of a screen that crashed while rendering. */
export function RouteErrorPage() {
  const { t } = useTranslation();
  const error = useRouteError();
  useEffect(() => console.error('Unexpected error while rendering a screen', error), [error]);
  return (
    <div
      role="alert"
      className="flex min-h-screen flex-col items-center justify-center gap-4 bg-slate-50 px-4 text-center text-slate-900 dark:bg-slate-950 dark:text-slate-100"
    >
      <h1 className="text-2xl font-semibold">{t('common.error.title')}</h1>
      <p className="max-w-md text-slate-600 dark:text-slate-400">{t('common.error.description')}</p>
      <Button onClick={() => window.location.reload()}>{t('common.error.reload')}</Button>
    </div>
  );
}
