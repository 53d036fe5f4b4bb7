import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { Alert } from '../../../components/ui/alert';
import { InlineSpinner } from '../../../components/ui/spinner';
import { useSession } from '../../../lib/session';
import { useSessions } from '../api/get-sessions';
import { revokeSession } from '../api/revoke-session';
import { sessionId, type LoginSession } from '../api/types';
import { SessionRow } from './session-row';

/** The user's login sessions; revoking one removes it, revoking this device's logs out (SPEC §4). */
export function SessionsList() {
  const { t } = useTranslation();
  const logout = useSession((state) => state.logout);
  const { data: sessions, error, isLoading, setData } = useSessions();
  const [busyId, setBusyId] = useState<string | null>(null);

  async function revoke(session: LoginSession) {
    const id = sessionId(session);
    setBusyId(id);
    try {
      await revokeSession(id);
      toast.success(t('settings.security.sessions.revoked'));
      if (session.current) {
        // This browser's session is gone: the logged-in guard now sends us to /login.
        logout();
        return;
      }
      setData((current) => current?.filter((item) => sessionId(item) !== id));
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
          key={sessionId(session)}
          session={session}
          busy={busyId === sessionId(session)}
          onRevoke={() => void revoke(session)}
        />
      ))}
    </ul>
  );
}
