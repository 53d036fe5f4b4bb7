import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, ScrollRestoration } from 'react-router-dom';
import { FullPageSpinner } from '../../components/ui/spinner';

/** Wraps every route: waits for lazily loaded screens and restores scroll positions. */
export function RootLayout() {
  const { t } = useTranslation();
  return (
    <>
      <Suspense fallback={<FullPageSpinner label={t('common.loading')} />}>
        <Outlet />
      </Suspense>
      <ScrollRestoration />
    </>
  );
}
