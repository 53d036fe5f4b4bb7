import { Monitor, Smartphone } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { formatDateTime, formatRelativeTime } from '../../../lib/dates';
import type { LoginSession } from '@papan/shared';

interface SessionRowProps {
  session: LoginSession;
  busy: boolean;
  onRevoke: () => void;
}

/** The server writes these fixed English words when it cannot tell; the reader gets them translated. */
const UNKNOWN = 'Unknown';
const LOCAL_NETWORK = 'Local network';
const MOBILE_OS = /^(iOS|Android)/i;

function known(value: string | null | undefined): string | null {
  return value && value !== UNKNOWN ? value : null;
}

export function SessionRow({ session, busy, onRevoke }: SessionRowProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage;
  const device = t('settings.security.sessions.device', {
    browser: known(session.device?.browser) ?? t('settings.security.sessions.unknownBrowser'),
    os: known(session.device?.os) ?? t('settings.security.sessions.unknownOs'),
  });
  const location =
    session.location === LOCAL_NETWORK
      ? t('settings.security.sessions.localNetwork')
      : (known(session.location) ?? t('settings.security.sessions.unknownLocation'));
  const DeviceIcon = MOBILE_OS.test(session.device?.os ?? '') ? Smartphone : Monitor;
  return (
    <li className="flex flex-col gap-3 py-4 sm:flex-row sm:items-center">
      <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-xl bg-slate-100 text-slate-600 dark:bg-slate-800 dark:text-slate-300">
        <DeviceIcon aria-hidden="true" className="size-5" />
      </span>
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-2 text-sm font-medium">
          {device}
          {session.current && <Badge tone="emerald">{t('settings.security.sessions.current')}</Badge>}
        </p>
        <p className="mt-0.5 text-xs text-slate-500 dark:text-slate-400">
          {location}
          {' · '}
          <time dateTime={session.lastUsed} title={formatDateTime(session.lastUsed, language)}>
            {t('settings.security.sessions.lastUsed', {
              time: formatRelativeTime(session.lastUsed, language),
            })}
          </time>
        </p>
      </div>
      <Button
        variant="secondary"
        size="sm"
        className="self-start sm:self-center"
        disabled={busy}
        loading={busy}
        onClick={onRevoke}
        aria-label={t('settings.security.sessions.revokeLabel', { device })}
      >
        {t('settings.security.sessions.revoke')}
      </Button>
    </li>
  );
}
