import type { User } from '@papan/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { useSession } from '../../../lib/session';
import { deleteUsers } from '../api/delete-users';
import { markEmailVerified } from '../api/mark-email-verified';
import { refreshAdminData } from '../api/query-keys';
import { updateUserRole } from '../api/update-user-role';
import { useSearch } from '../hooks/use-search';
import { useSelection } from '../hooks/use-selection';
import { SearchBox } from './search-box';
import { toggledRole } from './user-row';
import { UserTable } from './user-table';

interface UserManagementProps {
  users: User[];
  /** A local change after a successful call (role toggle, mark verified), without reading the list again. */
  onUserChanged: (user: User) => void;
}

/**
 * User Management (docs/product.md, "Administrator area"): search, counter, table, role toggle,
 * mark verified, delete and bulk delete.
 */
export function UserManagement({ users, onUserChanged }: UserManagementProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const selfId = useSession((state) => state.session?._id);
  const { query, setQuery, filtered } = useSearch(users, (u) => [u.name, u.email]);
  // The admin's own row can be neither selected nor deleted (the server refuses it too).
  const selection = useSelection(filtered.filter((u) => u._id !== selfId).map((u) => u._id));
  const [busyId, setBusyId] = useState<string | null>(null);
  const [verifyingId, setVerifyingId] = useState<string | null>(null);
  const [pending, setPending] = useState<User[] | null>(null);
  const [deleting, setDeleting] = useState(false);

  async function changeRole(user: User) {
    setBusyId(user._id);
    try {
      onUserChanged(await updateUserRole(user._id, toggledRole(user.role)));
    } catch (error) {
      console.error(`Role change failed for ${user._id}`, error);
      toast.error(t('admin.users.roleFailed'));
    } finally {
      setBusyId(null);
    }
  }

  async function markVerified(user: User) {
    setVerifyingId(user._id);
    try {
      onUserChanged(await markEmailVerified(user._id));
      toast.success(t('admin.users.markedVerified', { email: user.email }));
    } catch (error) {
      console.error(`Marking ${user._id} verified failed`, error);
      toast.error(t('admin.users.markVerifiedFailed'));
    } finally {
      setVerifyingId(null);
    }
  }

  async function confirmDelete(targets: User[]) {
    setDeleting(true);
    try {
      await deleteUsers(targets.map((u) => u._id));
      selection.clear();
      refreshAdminData(queryClient);
    } catch (error) {
      console.error('User delete failed', error);
      toast.error(t('admin.users.deleteFailed'));
    } finally {
      setDeleting(false);
      setPending(null);
    }
  }

  const selectedUsers = filtered.filter((u) => selection.selected.includes(u._id));
  const [first] = pending ?? [];

  return (
    <section aria-labelledby="user-management" className="flex flex-col gap-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <h2 id="user-management" className="text-xl font-semibold tracking-tight">
          {t('admin.users.title')}
        </h2>
        {selectedUsers.length > 0 && (
          <Button variant="danger" size="sm" onClick={() => setPending(selectedUsers)}>
            <Trash2 aria-hidden="true" className="size-4" />
            {t('admin.users.deleteSelected', { n: selectedUsers.length })}
          </Button>
        )}
      </div>
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
        <SearchBox label={t('admin.users.search')} value={query} onChange={setQuery} />
        <p role="status" className="text-sm text-slate-600 dark:text-slate-400">
          {t('admin.users.found', { shown: filtered.length, total: users.length })}
        </p>
      </div>
      <UserTable
        users={filtered}
        selfId={selfId}
        selection={selection}
        busyId={busyId}
        verifyingId={verifyingId}
        onChangeRole={(user) => void changeRole(user)}
        onMarkVerified={(user) => void markVerified(user)}
        onDelete={(user) => setPending([user])}
      />
      {pending && first && (
        <ConfirmDialog
          title={
            pending.length === 1
              ? t('admin.users.confirm.titleOne', { name: first.name })
              : t('admin.users.confirm.titleMany', { n: pending.length })
          }
          message={t('admin.users.confirm.message')}
          confirmLabel={t('admin.confirmDelete')}
          busy={deleting}
          onConfirm={() => void confirmDelete(pending)}
          onCancel={() => setPending(null)}
        />
      )}
    </section>
  );
}
