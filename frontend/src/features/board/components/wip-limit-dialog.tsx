import { WIP_LIMIT_MAX, WIP_MODES, wipLimitSchema, type CompactList, type WipMode } from '@papan/shared';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { labelClass } from '../../../components/ui/field-styles';
import { TextField } from '../../../components/ui/text-field';
import { updateList } from '../api/update-list';
import { useBoardStore } from '../store';
import { sendRevised } from '../../../lib/revision-conflict';

/** The limit as typed: empty is no limit; anything else must be a whole number from 1 to 999. */
function parseLimit(text: string): { ok: true; value: number | null } | { ok: false } {
  if (!text.trim()) return { ok: true, value: null };
  const parsed = wipLimitSchema.safeParse(Number(text.trim()));
  return parsed.success ? { ok: true, value: parsed.data } : { ok: false };
}

/**
 * A list's work-in-progress limit (docs/lanes.md): how many open cards it may hold across every
 * lane, or none, and whether going over is allowed (soft) or refused (hard).
 */
export function WipLimitDialog({ list, onClose }: { list: CompactList; onClose: () => void }) {
  const { t } = useTranslation();
  const [limit, setLimit] = useState(list.wipLimit === null ? '' : String(list.wipLimit));
  const [mode, setMode] = useState<WipMode>(list.wipMode);
  const [invalid, setInvalid] = useState(false);
  const [busy, setBusy] = useState(false);
  const modeName = useId();

  async function save(event: FormEvent) {
    event.preventDefault();
    const parsed = parseLimit(limit);
    setInvalid(!parsed.ok);
    if (!parsed.ok || busy) return;
    setBusy(true);
    try {
      const send = (revision: number) =>
        updateList(list._id, { wipLimit: parsed.value, wipMode: mode }, revision);
      await useBoardStore.getState().run(() => sendRevised(send, list.revision));
      onClose();
    } catch (error) {
      console.error('Failed to set the WIP limit', error);
      toast.error(t('board.wip.saveFailed'));
      setBusy(false);
    }
  }

  return (
    <Dialog title={t('board.wip.title', { title: list.title })} onClose={onClose} size="sm">
      <form className="flex flex-col gap-4" onSubmit={(event) => void save(event)} noValidate>
        <TextField
          label={t('board.wip.limit')}
          hint={t('board.wip.limitHint', { max: WIP_LIMIT_MAX })}
          error={invalid ? t('board.wip.invalid', { max: WIP_LIMIT_MAX }) : null}
          inputMode="numeric"
          type="number"
          min={1}
          max={WIP_LIMIT_MAX}
          step={1}
          value={limit}
          autoFocus
          onChange={(event) => setLimit(event.target.value)}
        />
        <fieldset className="flex flex-col gap-2">
          <legend className={`${labelClass} mb-1.5`}>{t('board.wip.modeLabel')}</legend>
          {WIP_MODES.map((option) => (
            <label key={option} className="flex cursor-pointer items-start gap-2 text-sm">
              <input
                type="radio"
                name={modeName}
                value={option}
                checked={mode === option}
                onChange={() => setMode(option)}
                className="mt-0.5 size-4 accent-indigo-600"
              />
              <span>
                <span className="font-medium">{t(`board.wip.modes.${option}.name`)}</span>
                <span className="block text-slate-600 dark:text-slate-400">
                  {t(`board.wip.modes.${option}.hint`)}
                </span>
              </span>
            </label>
          ))}
        </fieldset>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={busy}>
            {t('board.wip.save')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
