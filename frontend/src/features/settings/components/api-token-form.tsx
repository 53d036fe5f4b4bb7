import { createApiTokenSchema, TOKEN_SCOPES, type CreatedApiToken, type TokenScope } from '@papan/shared';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { labelClass } from '../../../components/ui/field-styles';
import { TextField } from '../../../components/ui/text-field';
import { serverMessage, unprovenAddress } from '../../../lib/api-client';
import { createApiToken, useTokenBoardChoices } from '../api/api-tokens';

/** Translation keys cannot hold the scope's colon (i18next's namespace separator). */
const SCOPE_KEYS = {
  'boards:read': 'boardsRead',
  'boards:write': 'boardsWrite',
  'events:read': 'eventsRead',
} as const;

const checkClass = 'flex items-center gap-2 text-sm text-slate-700 dark:text-slate-200';

/** Name, scopes, boards (none ticked: every board) and an optional expiry date. */
export function ApiTokenForm({ onCreated }: { onCreated: (token: CreatedApiToken) => void }) {
  const { t } = useTranslation();
  const boards = useTokenBoardChoices();
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<TokenScope[]>(['boards:read']);
  const [boardIds, setBoardIds] = useState<string[]>([]);
  const [expiry, setExpiry] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const toggle = <T,>(list: T[], value: T) =>
    list.includes(value) ? list.filter((v) => v !== value) : [...list, value];

  async function submit(event: FormEvent) {
    event.preventDefault();
    // The end of the chosen day, in the reader's time zone.
    const expiresAt = expiry ? new Date(`${expiry}T23:59:59`).toISOString() : undefined;
    const input = { name, scopes, boardIds: boardIds.length ? boardIds : undefined, expiresAt };
    const parsed = createApiTokenSchema.safeParse(input);
    if (!parsed.success) {
      const field = String(parsed.error.issues[0].path[0] ?? 'name');
      return setError(
        t(`settings.tokens.errors.${field}`, { defaultValue: t('settings.tokens.errors.name') }),
      );
    }
    setError(null);
    setBusy(true);
    try {
      onCreated(await createApiToken(input));
      setName('');
      setBoardIds([]);
      setExpiry('');
    } catch (err) {
      setError(
        unprovenAddress(err)
          ? t('settings.tokens.createUnverified')
          : (serverMessage(err) ?? t('settings.tokens.createFailed')),
      );
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="flex flex-col gap-4" onSubmit={(e) => void submit(e)} noValidate>
      <TextField
        label={t('settings.tokens.name')}
        value={name}
        maxLength={100}
        onChange={(e) => setName(e.target.value)}
        placeholder={t('settings.tokens.namePlaceholder')}
      />
      <fieldset className="flex flex-col gap-2">
        <legend className={labelClass}>{t('settings.tokens.scopes')}</legend>
        {TOKEN_SCOPES.map((scope) => (
          <label key={scope} className={checkClass}>
            <input
              type="checkbox"
              checked={scopes.includes(scope)}
              onChange={() => setScopes((s) => toggle(s, scope))}
            />
            <span>
              <code className="font-mono text-xs">{scope}</code> —{' '}
              {t(`settings.tokens.scopeHelp.${SCOPE_KEYS[scope]}`)}
            </span>
          </label>
        ))}
      </fieldset>
      <fieldset className="flex flex-col gap-2">
        <legend className={labelClass}>{t('settings.tokens.boards')}</legend>
        <p className="text-xs text-slate-500 dark:text-slate-400">{t('settings.tokens.boardsHint')}</p>
        {boards.data?.map((board) => (
          <label key={board._id} className={checkClass}>
            <input
              type="checkbox"
              checked={boardIds.includes(board._id)}
              onChange={() => setBoardIds((ids) => toggle(ids, board._id))}
            />
            {board.title}
          </label>
        ))}
      </fieldset>
      <TextField
        type="date"
        label={t('settings.tokens.expiry')}
        hint={t('settings.tokens.expiryHint')}
        value={expiry}
        onChange={(e) => setExpiry(e.target.value)}
        className="max-w-xs"
      />
      {error && (
        <p role="alert" className="text-sm font-medium text-red-600 dark:text-red-400">
          {error}
        </p>
      )}
      <Button type="submit" className="self-start" loading={busy} disabled={busy}>
        {t('settings.tokens.create')}
      </Button>
    </form>
  );
}
