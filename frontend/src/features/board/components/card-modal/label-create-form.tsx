import { LABEL_PRESET_COLORS, LIMITS, type Label } from '@papan/shared';
import { Check } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../../components/ui/button';
import { fieldClass, labelClass } from '../../../../components/ui/field-styles';
import { createLabel } from '../../api/create-label';
import { useBoardStore } from '../../store';
import { labelTextColor } from '../label-chip';

/**
 * A new label: a name (non-empty after trimming) and one of 12 preset colours, the first (light
 * blue) chosen at first. At 10 custom labels (the defaults do not count) the limit text replaces
 * the create button (docs/product.md, "Validation").
 */
export function LabelCreateForm({ boardId, labels }: { boardId: string; labels: Label[] }) {
  const { t } = useTranslation();
  const [name, setName] = useState('');
  const [color, setColor] = useState<string>(LABEL_PRESET_COLORS[0]);
  const [busy, setBusy] = useState(false);
  const atLimit = labels.filter((label) => !label.isDefault).length >= LIMITS.customLabelsPerBoard;

  async function submit(event: FormEvent) {
    event.preventDefault();
    const value = name.trim();
    if (!value || !color || busy || atLimit) return;
    setBusy(true);
    try {
      await useBoardStore.getState().run(() => createLabel(boardId, { name: value, color }));
      setName('');
    } catch (error) {
      console.error('Failed to create the label', error);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      onSubmit={(event) => void submit(event)}
      className="flex flex-col gap-2 border-t border-slate-200 pt-3 dark:border-slate-700"
    >
      <p className={labelClass}>{t('board.labels.create')}</p>
      <input
        aria-label={t('board.labels.name')}
        placeholder={t('board.labels.name')}
        maxLength={LIMITS.labelName}
        value={name}
        onChange={(event) => setName(event.target.value)}
        className={`h-9 ${fieldClass}`}
      />
      <fieldset>
        <legend className="sr-only">{t('board.labels.color')}</legend>
        <div className="grid grid-cols-6 gap-1.5">
          {LABEL_PRESET_COLORS.map((preset) => (
            <label key={preset} className="relative cursor-pointer">
              <input
                type="radio"
                name="label-color"
                value={preset}
                checked={color === preset}
                onChange={() => setColor(preset)}
                aria-label={t('board.labels.colorOption', { color: preset })}
                className="peer sr-only"
              />
              <span
                style={{ backgroundColor: preset, color: labelTextColor(preset) }}
                className="flex h-7 items-center justify-center rounded-md peer-checked:ring-2 peer-checked:ring-indigo-500 peer-checked:ring-offset-1 peer-focus-visible:outline-2 peer-focus-visible:outline-indigo-500 dark:peer-checked:ring-offset-slate-900"
              >
                {color === preset && <Check aria-hidden="true" className="size-3.5" />}
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      {atLimit ? (
        <p className="text-xs text-amber-700 dark:text-amber-300">{t('board.labels.limit')}</p>
      ) : (
        <Button type="submit" size="sm" loading={busy}>
          {t('board.labels.createSubmit')}
        </Button>
      )}
    </form>
  );
}
