import { FIELD_LIMITS, type BoardField, type FieldOptionInput, type UpdateFieldInput } from '@papan/shared';
import { ArrowDown, ArrowUp, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { Button } from '../../../../components/ui/button';
import { ConfirmDialog } from '../../../../components/ui/confirm-dialog';
import { fieldClass } from '../../../../components/ui/field-styles';
import i18n from '../../../../lib/i18n';
import { deleteField } from '../../api/delete-field';
import { updateField } from '../../api/update-field';
import { useBoardStore } from '../../store';
import { cleanOptions, OptionListEditor } from './option-list-editor';

const iconButton =
  'rounded p-1 text-slate-500 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 ' +
  'focus-visible:outline-indigo-500 disabled:opacity-40 dark:text-slate-400 dark:hover:bg-slate-800 dark:hover:text-white';

async function change(fieldId: string, changes: UpdateFieldInput): Promise<boolean> {
  try {
    await useBoardStore.getState().run(() => updateField(fieldId, changes));
    return true;
  } catch (error) {
    console.error('Failed to change the field', error);
    toast.error(i18n.t('board.fields.manager.failed'));
    return false;
  }
}

/** One field in the fields manager: its name, type, "show on card", place, options and delete. */
export function FieldRow({ field, count }: { field: BoardField; count: number }) {
  const { t } = useTranslation();
  const [name, setName] = useState(field.name);
  const [options, setOptions] = useState<FieldOptionInput[]>(field.options);
  const [shownOptions, setShownOptions] = useState(field.options);
  const [deleting, setDeleting] = useState(false);
  // A live change (another person, a save) shows here.
  if (shownOptions !== field.options) {
    setShownOptions(field.options);
    setOptions(field.options);
  }
  const optionsChanged = JSON.stringify(cleanOptions(options)) !== JSON.stringify(field.options);

  function rename() {
    const value = name.trim();
    if (!value || value === field.name) return setName(field.name);
    void change(field._id, { name: value });
  }

  return (
    <li className="flex flex-col gap-2 rounded-lg border border-slate-200 p-3 dark:border-slate-700">
      <div className="flex flex-wrap items-center gap-2">
        <input
          value={name}
          maxLength={FIELD_LIMITS.name}
          aria-label={t('board.fields.manager.nameOf', { name: field.name })}
          onChange={(event) => setName(event.target.value)}
          onBlur={rename}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              rename();
            }
          }}
          className={`h-8 min-w-0 flex-1 ${fieldClass}`}
        />
        <span className="rounded bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700 dark:bg-slate-800 dark:text-slate-200">
          {t(`board.fields.manager.types.${field.type}`)}
        </span>
        <button
          type="button"
          className={iconButton}
          disabled={field.position === 0}
          onClick={() => void change(field._id, { position: field.position - 1 })}
          title={t('board.fields.manager.moveUp', { name: field.name })}
        >
          <ArrowUp aria-hidden="true" className="size-4" />
          <span className="sr-only">{t('board.fields.manager.moveUp', { name: field.name })}</span>
        </button>
        <button
          type="button"
          className={iconButton}
          disabled={field.position >= count - 1}
          onClick={() => void change(field._id, { position: field.position + 1 })}
          title={t('board.fields.manager.moveDown', { name: field.name })}
        >
          <ArrowDown aria-hidden="true" className="size-4" />
          <span className="sr-only">{t('board.fields.manager.moveDown', { name: field.name })}</span>
        </button>
        <button
          type="button"
          className={iconButton}
          onClick={() => setDeleting(true)}
          title={t('board.fields.manager.delete', { name: field.name })}
        >
          <Trash2 aria-hidden="true" className="size-4" />
          <span className="sr-only">{t('board.fields.manager.delete', { name: field.name })}</span>
        </button>
      </div>
      <label className="inline-flex items-center gap-2 text-sm">
        <input
          type="checkbox"
          checked={field.showOnCard}
          onChange={(event) => void change(field._id, { showOnCard: event.target.checked })}
          className="size-4 accent-indigo-600"
        />
        {t('board.fields.manager.showOnCard')}
      </label>
      {field.type === 'select' && (
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 text-xs font-semibold text-slate-500 dark:text-slate-400">
            {t('board.fields.manager.optionsOf', { name: field.name })}
          </legend>
          <OptionListEditor options={options} onChange={setOptions} />
          {optionsChanged && (
            <Button
              size="sm"
              variant="secondary"
              className="self-start"
              disabled={!cleanOptions(options).length}
              onClick={() => void change(field._id, { options: cleanOptions(options) })}
            >
              {t('board.fields.manager.saveOptions')}
            </Button>
          )}
        </fieldset>
      )}
      {deleting && (
        <ConfirmDialog
          title={t('board.fields.manager.deleteTitle', { name: field.name })}
          message={t('board.fields.manager.deleteMessage')}
          confirmLabel={t('board.fields.manager.deleteConfirm')}
          onCancel={() => setDeleting(false)}
          onConfirm={() => {
            setDeleting(false);
            void useBoardStore
              .getState()
              .run(() => deleteField(field._id))
              .catch((error: unknown) => {
                console.error('Failed to delete the field', error);
                toast.error(t('board.fields.manager.failed'));
              });
          }}
        />
      )}
    </li>
  );
}
