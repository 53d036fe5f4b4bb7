import type { Role, User } from '@papan/shared';
import { Shield, ShieldOff, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Avatar } from '../../../components/ui/avatar';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { formatLongDate } from '../../../lib/dates';
import { EmailStatus } from './email-status';
import { SelectCheckbox } from './select-checkbox';
import { bodyRow, cell } from './table-styles';

const ROLE_TONES = { ADMIN: 'indigo', OWNER: 'amber', MEMBER: 'slate' } as const;

/**
 * ADMIN becomes MEMBER; anyone else (OWNER included) becomes ADMIN (docs/product.md,
 * "States and transitions").
 */
export function toggledRole(role: Role): Role {
  return role === 'ADMIN' ? 'MEMBER' : 'ADMIN';
}

interface UserRowProps {
  user: User;
  isSelf: boolean;
  selected: boolean;
  busy: boolean;
  verifying: boolean;
  onSelect: () => void;
  onChangeRole: () => void;
  onMarkVerified: () => void;
  onDelete: () => void;
}

/** One user: checkbox, name with e-mail and whether it is verified, role, joined date, actions. */
export function UserRow(props: UserRowProps) {
  const { user, isSelf, selected, busy, verifying, onSelect, onChangeRole, onMarkVerified, onDelete } = props;
  const { t, i18n } = useTranslation();
  const next = toggledRole(user.role);
  return (
    <tr className={bodyRow}>
      <td className={`${cell} w-10`}>
        <SelectCheckbox
          label={t('admin.users.select', { name: user.name })}
          checked={selected}
          disabled={isSelf}
          onChange={onSelect}
        />
      </td>
      <td className={cell}>
        <div className="flex items-center gap-3">
          <Avatar name={user.name} src={user.profilePictureUrl || user.avatarUrl} />
          <div className="min-w-0">
            <p className="flex items-center gap-2 truncate font-medium">
              {user.name}
              {isSelf && <Badge tone="sky">{t('admin.users.you')}</Badge>}
            </p>
            <div className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-slate-500 dark:text-slate-400">
              <span className="min-w-0 truncate">{user.email}</span>
              <EmailStatus user={user} verifying={verifying} onMarkVerified={onMarkVerified} />
            </div>
          </div>
        </div>
      </td>
      <td className={cell}>
        <Badge tone={ROLE_TONES[user.role]}>{t(`admin.roles.${user.role}`)}</Badge>
      </td>
      <td className={`${cell} whitespace-nowrap text-slate-600 dark:text-slate-400`}>
        {formatLongDate(user.createdAt, i18n.resolvedLanguage)}
      </td>
      <td className={cell}>
        <div className="flex justify-end gap-2">
          <Button
            variant="secondary"
            size="sm"
            className="whitespace-nowrap"
            onClick={onChangeRole}
            disabled={isSelf || busy}
            loading={busy}
            title={t('admin.users.changeRole')}
          >
            {next === 'ADMIN' ? (
              <Shield aria-hidden="true" className="size-4" />
            ) : (
              <ShieldOff aria-hidden="true" className="size-4" />
            )}
            {t(next === 'ADMIN' ? 'admin.users.makeAdmin' : 'admin.users.makeMember')}
            <span className="sr-only">: {user.name}</span>
          </Button>
          <Button
            variant="ghost"
            size="sm"
            onClick={onDelete}
            disabled={isSelf}
            title={t('admin.users.delete')}
          >
            <Trash2 aria-hidden="true" className="size-4 text-red-600 dark:text-red-400" />
            <span className="sr-only">
              {t('admin.users.delete')}: {user.name}
            </span>
          </Button>
        </div>
      </td>
    </tr>
  );
}
