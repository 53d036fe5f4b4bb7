import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router-dom';
import { FullPageSpinner } from '../components/ui/spinner';
import { useSession } from '../lib/session';
import { AppShell, HomePage, LandingPage } from './pages';

/**
 * `/` (docs/product.md, "Route table"): Loading, then ADMIN → /admin, signed-in users → home,
 * visitors → landing page.
 */
export function RootPage() {
  const { t } = useTranslation();
  const session = useSession((state) => state.session);
  const resolved = useSession((state) => state.resolved);
  if (!resolved)
    return (
      <main>
        <FullPageSpinner label={t('common.loading')} />
      </main>
    );
  if (!session) return <LandingPage />;
  if (session.role === 'ADMIN') return <Navigate to="/admin" replace />;
  return (
    <AppShell>
      <HomePage />
    </AppShell>
  );
}
