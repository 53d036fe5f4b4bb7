import type { BlockedUser } from '@papan/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { Avatar } from '../../../components/ui/avatar';
import { Button } from '../../../components/ui/button';
import { InlineSpinner } from '../../../components/ui/spinner';
import { useBlockedUsers } from '../api/get-blocked-users';
import { SETTINGS_QUERIES } from '../api/query-keys';
import { unblockUser } from '../api/unblock-user';

/**
 * The people the user blocked, each with Unblock. A failed load is only logged (docs/product.md,
 * "Failures and messages").
 */
export function BlockedUsersList() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  // The api client logs a failed load; the list then stays empty.
  const { data: users, isLoading } = useBlockedUsers();
  const [busyId, setBusyId] = useState<string | null>(null);

  async function unblock(userId: string) {
    setBusyId(userId);
    try {
      await unblockUser(userId);
      queryClient.setQueryData<BlockedUser[]>(SETTINGS_QUERIES.blockedUsers, (current) =>
        current?.filter((user) => user._id !== userId),
      );
      toast.success(t('settings.privacy.blocked.unblocked'));
    } catch (err) {
      console.error('Failed to unblock user', err);
      toast.error(t('settings.privacy.blocked.unblockFailed'));
    } finally {
      setBusyId(null);
    }
  }

  if (isLoading) return <InlineSpinner label={t('common.loading')} />;
  if (!users?.length)
    return (
      <p className="text-sm text-slate-500 dark:text-slate-400">{t('settings.privacy.blocked.empty')}</p>
    );
  return (
    <ul className="divide-y divide-slate-200 dark:divide-slate-800">
      {users.map((user) => (
        <li key={user._id} className="flex items-center gap-3 py-3">
          <Avatar name={user.name} src={user.profilePictureUrl} size="md" />
          <span className="min-w-0 flex-1 truncate text-sm font-medium">{user.name}</span>
          <Button
            variant="secondary"
            size="sm"
            disabled={busyId === user._id}
            loading={busyId === user._id}
            onClick={() => void unblock(user._id)}
            aria-label={t('settings.privacy.blocked.unblockLabel', { name: user.name })}
          >
            {t('settings.privacy.blocked.unblock')}
          </Button>
        </li>
      ))}
    </ul>
  );
}
