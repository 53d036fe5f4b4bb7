import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, ScrollRestoration } from 'react-router-dom';
import { FullPageSpinner } from '../../components/ui/spinner';

/** Wraps every route: waits for lazily loaded screens and restores scroll positions. */
export function RootLayout() {
  const { t } = useTranslation();
  return (
    <>
      {/* While a screen loads, the page is still one main landmark (the screens bring their own). */}
      <Suspense
        fallback={
          <main>
            <FullPageSpinner label={t('common.loading')} />
          </main>
        }
      >
        <Outlet />
      </Suspense>
      <ScrollRestoration />
    </>
  );
}
