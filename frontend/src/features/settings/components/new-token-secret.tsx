import type { CreatedApiToken } from '@papan/shared';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { useCopy } from '../../../lib/use-copy';

/** The secret of a token just made: the only time it can be seen, so it can be copied. */
export function NewTokenSecret({ token }: { token: CreatedApiToken }) {
  const { t } = useTranslation();
  const { copied, copy } = useCopy(token.token, t('settings.tokens.copyFailed'));

  return (
    <Alert tone="success">
      <p className="font-medium">{t('settings.tokens.created', { name: token.name })}</p>
      <p className="mt-1 text-sm">{t('settings.tokens.copyOnce')}</p>
      <div className="mt-3 flex flex-wrap items-center gap-2">
        <code
          data-testid="new-token-secret"
          className="rounded bg-white px-2 py-1 font-mono text-xs break-all text-slate-900 dark:bg-slate-950 dark:text-slate-100"
        >
          {token.token}
        </code>
        <Button size="sm" variant="secondary" onClick={() => void copy()}>
          {copied ? t('settings.tokens.copied') : t('settings.tokens.copy')}
        </Button>
      </div>
    </Alert>
  );
}
