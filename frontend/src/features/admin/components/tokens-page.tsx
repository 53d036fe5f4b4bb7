import type { AdminApiToken } from '@papan/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { Alert } from '../../../components/ui/alert';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { PageHeader } from '../../../components/ui/page-header';
import { FullPageSpinner } from '../../../components/ui/spinner';
import { formatDateTime } from '../../../lib/dates';
import { revokeAdminToken, useAdminTokens } from '../api/admin-tokens';
import { ADMIN_QUERIES } from '../api/query-keys';
import { bodyRow, cell, headCell, tableClass, tableFrame } from './table-styles';

/**
 * /admin/tokens (docs/product.md, "Administrator area"): every personal API token with its owner;
 * any can be revoked.
 */
export function TokensPage() {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage;
  const queryClient = useQueryClient();
  const tokens = useAdminTokens();
  const [busyId, setBusyId] = useState<string | null>(null);
  const when = (date: string | null) => (date ? formatDateTime(date, language) : t('admin.tokens.never'));

  async function revoke(token: AdminApiToken) {
    setBusyId(token._id);
    try {
      await revokeAdminToken(token._id);
      toast.success(t('admin.tokens.revoked'));
      queryClient.setQueryData<AdminApiToken[]>(ADMIN_QUERIES.tokens, (list) =>
        list?.filter((item) => item._id !== token._id),
      );
    } catch {
      toast.error(t('admin.tokens.revokeFailed'));
    } finally {
      setBusyId(null);
    }
  }

  if (tokens.error && !tokens.data) return <Alert tone="error">{t('admin.tokens.loadError')}</Alert>;
  if (!tokens.data) return <FullPageSpinner label={t('common.loading')} />;

  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-4">
      <PageHeader title={t('admin.tokens.title')} description={t('admin.tokens.description')} />
      {tokens.data.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">{t('admin.tokens.empty')}</p>
      ) : (
        <div className={tableFrame}>
          <table className={tableClass}>
            <thead>
              <tr>
                {(['name', 'owner', 'scopes', 'boards', 'lastUsed', 'expires'] as const).map((key) => (
                  <th key={key} scope="col" className={headCell}>
                    {t(`admin.tokens.${key}`)}
                  </th>
                ))}
                <th scope="col" className={headCell}>
                  <span className="sr-only">{t('admin.tokens.revoke')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {tokens.data.map((token) => (
                <tr key={token._id} className={bodyRow}>
                  <td className={`${cell} font-medium`}>{token.name}</td>
                  <td className={cell}>
                    {token.owner.name}
                    <span className="block text-xs text-slate-500 dark:text-slate-400">
                      {token.owner.email}
                    </span>
                  </td>
                  <td className={cell}>
                    <span className="flex flex-wrap gap-1">
                      {token.scopes.map((scope) => (
                        <Badge key={scope}>{scope}</Badge>
                      ))}
                    </span>
                  </td>
                  <td className={cell}>{token.boardIds?.length ?? t('admin.tokens.allBoards')}</td>
                  <td className={cell}>{when(token.lastUsedAt)}</td>
                  <td className={cell}>{when(token.expiresAt)}</td>
                  <td className={`${cell} text-right`}>
                    <Button
                      variant="danger"
                      size="sm"
                      loading={busyId === token._id}
                      disabled={busyId === token._id}
                      onClick={() => void revoke(token)}
                      aria-label={t('admin.tokens.revokeLabel', {
                        name: token.name,
                        owner: token.owner.name,
                      })}
                    >
                      {t('admin.tokens.revoke')}
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
