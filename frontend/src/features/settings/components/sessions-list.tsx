import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { Alert } from '../../../components/ui/alert';
import { InlineSpinner } from '../../../components/ui/spinner';
import { useSession } from '../../../lib/session';
import { useSessions } from '../api/get-sessions';
import { SETTINGS_QUERIES } from '../api/query-keys';
import { revokeSession } from '../api/revoke-session';
import type { LoginSession } from '@papan/shared';
import { SessionRow } from './session-row';

/**
 * The user's login sessions; revoking one removes it, revoking this device's logs out
 * (docs/product.md, "States and transitions").
 */
export function SessionsList() {
  const { t } = useTranslation();
  const logout = useSession((state) => state.logout);
  const queryClient = useQueryClient();
  const { data: sessions, error, isLoading } = useSessions();
  const [busyId, setBusyId] = useState<string | null>(null);

  async function revoke(session: LoginSession) {
    const id = session._id;
    setBusyId(id);
    try {
      await revokeSession(id);
      toast.success(t('settings.security.sessions.revoked'));
      if (session.current) {
        // This browser's session is gone: the logged-in guard now sends us to /login.
        logout();
        return;
      }
      queryClient.setQueryData<LoginSession[]>(SETTINGS_QUERIES.sessions, (current) =>
        current?.filter((item) => item._id !== id),
      );
    } catch (err) {
      console.error('Failed to revoke session', err);
      toast.error(t('settings.security.sessions.revokeFailed'));
    } finally {
      setBusyId(null);
    }
  }

  if (isLoading) return <InlineSpinner label={t('common.loading')} />;
  if (error && !sessions) return <Alert tone="error">{t('settings.security.sessions.loadError')}</Alert>;
  if (!sessions?.length)
    return <p className="text-sm text-slate-500">{t('settings.security.sessions.empty')}</p>;
  return (
    <ul className="divide-y divide-slate-200 dark:divide-slate-800">
      {sessions.map((session) => (
        <SessionRow
          key={session._id}
          session={session}
          busy={busyId === session._id}
          onRevoke={() => void revoke(session)}
        />
      ))}
    </ul>
  );
}
