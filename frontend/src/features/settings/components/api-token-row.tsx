import type { ApiToken } from '@papan/shared';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { formatDateTime, formatRelativeTime } from '../../../lib/dates';

interface ApiTokenRowProps {
  token: ApiToken;
  busy: boolean;
  onRevoke: () => void;
}

/** One token: its name, scopes, boards, last use and expiry, and Revoke. */
export function ApiTokenRow({ token, busy, onRevoke }: ApiTokenRowProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage;
  return (
    <li className="flex flex-col gap-3 py-4 sm:flex-row sm:items-center">
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-2 text-sm font-medium">
          {token.name}
          {token.scopes.map((scope) => (
            <Badge key={scope}>{scope}</Badge>
          ))}
        </p>
        <p className="mt-0.5 text-xs text-slate-500 dark:text-slate-400">
          {token.boardIds
            ? t('settings.tokens.someBoards', { count: token.boardIds.length })
            : t('settings.tokens.allBoards')}
          {' · '}
          {token.lastUsedAt ? (
            <time dateTime={token.lastUsedAt} title={formatDateTime(token.lastUsedAt, language)}>
              {t('settings.tokens.lastUsed', { time: formatRelativeTime(token.lastUsedAt, language) })}
            </time>
          ) : (
            t('settings.tokens.neverUsed')
          )}
          {' · '}
          {token.expiresAt
            ? t('settings.tokens.expires', { date: formatDateTime(token.expiresAt, language) })
            : t('settings.tokens.noExpiry')}
        </p>
      </div>
      <Button
        variant="secondary"
        size="sm"
        className="self-start sm:self-center"
        disabled={busy}
        loading={busy}
        onClick={onRevoke}
        aria-label={t('settings.tokens.revokeLabel', { name: token.name })}
      >
        {t('settings.tokens.revoke')}
      </Button>
    </li>
  );
}
