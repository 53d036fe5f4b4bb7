import type { User } from '@papan/shared';
import { MailCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/badge';
import { Spinner } from '../../../components/ui/spinner';

interface EmailStatusProps {
  user: User;
  verifying: boolean;
  onMarkVerified: () => void;
}

const markButton =
  'inline-flex items-center gap-1 rounded text-xs font-medium whitespace-nowrap text-indigo-600 hover:underline ' +
  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-500 ' +
  'disabled:cursor-not-allowed disabled:opacity-60 dark:text-indigo-400';

/**
 * Whether the user's address is verified (docs/api.md, "Administrators: verifying an address"),
 * with "Mark verified" beside an unverified one.
 */
export function EmailStatus({ user, verifying, onMarkVerified }: EmailStatusProps) {
  const { t } = useTranslation();
  if (user.emailVerified) return <Badge tone="emerald">{t('admin.users.verified')}</Badge>;
  return (
    <>
      <Badge tone="amber">{t('admin.users.unverified')}</Badge>
      <button type="button" className={markButton} onClick={onMarkVerified} disabled={verifying}>
        {verifying ? <Spinner size="sm" /> : <MailCheck aria-hidden="true" className="size-3.5" />}
        {t('admin.users.markVerified')}
        <span className="sr-only">: {user.name}</span>
      </button>
    </>
  );
}
