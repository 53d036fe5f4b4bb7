import type { User } from '@papan/shared';
import { useTranslation } from 'react-i18next';
import type { Selection } from '../hooks/use-selection';
import { SelectCheckbox } from './select-checkbox';
import { headCell, tableClass, tableFrame } from './table-styles';
import { UserRow } from './user-row';

interface UserTableProps {
  users: User[];
  selfId: string | undefined;
  selection: Selection;
  busyId: string | null;
  verifyingId: string | null;
  onChangeRole: (user: User) => void;
  onMarkVerified: (user: User) => void;
  onDelete: (user: User) => void;
}

export function UserTable({
  users,
  selfId,
  selection,
  busyId,
  verifyingId,
  onChangeRole,
  onMarkVerified,
  onDelete,
}: UserTableProps) {
  const { t } = useTranslation();
  return (
    <div className={tableFrame}>
      <table className={tableClass}>
        <caption className="sr-only">{t('admin.users.title')}</caption>
        <thead>
          <tr>
            <th scope="col" className={`${headCell} w-10`}>
              <SelectCheckbox
                label={t('admin.users.selectAll')}
                checked={selection.allSelected}
                indeterminate={selection.someSelected}
                disabled={users.length === 0}
                onChange={selection.toggleAll}
              />
            </th>
            <th scope="col" className={headCell}>
              {t('admin.users.columns.user')}
            </th>
            <th scope="col" className={headCell}>
              {t('admin.users.columns.role')}
            </th>
            <th scope="col" className={headCell}>
              {t('admin.users.columns.joined')}
            </th>
            <th scope="col" className={`${headCell} text-right`}>
              {t('admin.users.columns.actions')}
            </th>
          </tr>
        </thead>
        <tbody>
          {users.map((user) => (
            <UserRow
              key={user._id}
              user={user}
              isSelf={user._id === selfId}
              selected={selection.isSelected(user._id)}
              busy={busyId === user._id}
              verifying={verifyingId === user._id}
              onSelect={() => selection.toggle(user._id)}
              onChangeRole={() => onChangeRole(user)}
              onMarkVerified={() => onMarkVerified(user)}
              onDelete={() => onDelete(user)}
            />
          ))}
        </tbody>
      </table>
      {users.length === 0 && (
        <p className="px-4 py-8 text-center text-sm text-slate-500 dark:text-slate-400">
          {t('admin.users.empty')}
        </p>
      )}
    </div>
  );
}
