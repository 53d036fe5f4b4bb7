import type { ApiToken, CreatedApiToken } from '@papan/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { Alert } from '../../../components/ui/alert';
import { Panel } from '../../../components/ui/panel';
import { InlineSpinner } from '../../../components/ui/spinner';
import { revokeApiToken, useApiTokens } from '../api/api-tokens';
import { SETTINGS_QUERIES } from '../api/query-keys';
import { ApiTokenForm } from './api-token-form';
import { ApiTokenRow } from './api-token-row';
import { NewTokenSecret } from './new-token-secret';

/** /settings/tokens (docs/product.md, "Settings"): personal API tokens for dashboards and scripts. */
export function ApiTokensTab() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { data: tokens, error, isLoading } = useApiTokens();
  const [created, setCreated] = useState<CreatedApiToken | null>(null);
  const [busyId, setBusyId] = useState<string | null>(null);

  function onCreated(token: CreatedApiToken) {
    setCreated(token);
    void queryClient.invalidateQueries({ queryKey: SETTINGS_QUERIES.apiTokens });
  }

  async function revoke(token: ApiToken) {
    setBusyId(token._id);
    try {
      await revokeApiToken(token._id);
      toast.success(t('settings.tokens.revoked'));
      if (created?._id === token._id) setCreated(null);
      queryClient.setQueryData<ApiToken[]>(SETTINGS_QUERIES.apiTokens, (list) =>
        list?.filter((item) => item._id !== token._id),
      );
    } catch {
      toast.error(t('settings.tokens.revokeFailed'));
    } finally {
      setBusyId(null);
    }
  }

  return (
    <div className="flex flex-col gap-6">
      <Panel title={t('settings.tokens.createTitle')} description={t('settings.tokens.description')}>
        <div className="flex flex-col gap-4">
          {created && <NewTokenSecret token={created} />}
          <ApiTokenForm onCreated={onCreated} />
        </div>
      </Panel>
      <Panel title={t('settings.tokens.listTitle')}>
        {isLoading ? (
          <InlineSpinner label={t('common.loading')} />
        ) : error && !tokens ? (
          <Alert tone="error">{t('settings.tokens.loadError')}</Alert>
        ) : !tokens?.length ? (
          <p className="text-sm text-slate-500 dark:text-slate-400">{t('settings.tokens.empty')}</p>
        ) : (
          <ul className="divide-y divide-slate-200 dark:divide-slate-800">
            {tokens.map((token) => (
              <ApiTokenRow
                key={token._id}
                token={token}
                busy={busyId === token._id}
                onRevoke={() => void revoke(token)}
              />
            ))}
          </ul>
        )}
      </Panel>
    </div>
  );
}
