import type { User } from '@papan/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { PageHeader } from '../../../components/ui/page-header';
import { FullPageSpinner } from '../../../components/ui/spinner';
import { useUserGrowth } from '../api/get-user-growth';
import { useUsers } from '../api/get-users';
import { ADMIN_QUERIES } from '../api/query-keys';
import { useLiveStats } from '../hooks/use-live-stats';
import { HealthPanel } from './health-panel';
import { StatCards, type StatKey } from './stat-cards';
import { ContentOverviewChart, UserGrowthChart } from './stats-chart';
import { UserManagement } from './user-management';

/**
 * /admin: live counts, the chart the chosen card asks for, and user management (docs/product.md,
 * "Administrator area").
 */
export function DashboardPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const stats = useLiveStats();
  const users = useUsers();
  const growth = useUserGrowth();
  const [chart, setChart] = useState<StatKey>('users');

  // Without its data the dashboard is replaced by one message (docs/product.md, "Failures and messages").
  if ((stats.error && !stats.data) || (users.error && !users.data)) {
    return <Alert tone="error">{t('admin.loadError')}</Alert>;
  }
  if (!stats.data || !users.data) return <FullPageSpinner label={t('common.loading')} />;

  const replaceUser = (user: User) =>
    queryClient.setQueryData<User[]>(ADMIN_QUERIES.users, (list) =>
      list?.map((u) => (u._id === user._id ? user : u)),
    );

  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-8">
      <PageHeader title={t('admin.dashboard.title')} description={t('admin.dashboard.description')} />
      <StatCards stats={stats.data} selected={chart} onSelect={setChart} />
      {chart === 'users' ? (
        <UserGrowthChart growth={growth.data ?? []} />
      ) : (
        <ContentOverviewChart stats={stats.data} />
      )}
      <UserManagement users={users.data} onUserChanged={replaceUser} />
      <HealthPanel />
    </div>
  );
}
