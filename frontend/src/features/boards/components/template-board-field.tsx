import type { BoardSummary } from '@papan/shared';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { SelectField } from '../../../components/ui/select-field';

/**
 * "Start from": a blank board, or one of the template boards the person can read (docs/product.md,
 * "Templates"); `templateId` null is a blank board.
 */
export function TemplateBoardField({
  templates,
  templateId,
  onChange,
}: {
  templates: BoardSummary[];
  templateId: string | null;
  onChange: (templateId: string | null) => void;
}) {
  const { t } = useTranslation();
  const name = useId();
  const fromTemplate = templateId !== null;
  const radio = 'size-4 accent-indigo-600';
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1 text-sm font-medium text-slate-700 dark:text-slate-200">
        {t('boards.create.kind')}
      </legend>
      <div className="flex flex-wrap gap-4 text-sm text-slate-800 dark:text-slate-100">
        <label className="flex items-center gap-2">
          <input
            type="radio"
            name={name}
            className={radio}
            checked={!fromTemplate}
            onChange={() => onChange(null)}
          />
          {t('boards.create.blank')}
        </label>
        <label className="flex items-center gap-2">
          <input
            type="radio"
            name={name}
            className={radio}
            checked={fromTemplate}
            onChange={() => onChange(templates[0]?._id ?? '')}
          />
          {t('boards.create.fromTemplate')}
        </label>
      </div>
      {fromTemplate &&
        (templates.length ? (
          <>
            <SelectField
              label={t('boards.create.templateLabel')}
              value={templateId}
              onChange={(event) => onChange(event.target.value)}
              options={templates.map((board) => ({ value: board._id, label: board.title }))}
            />
            <p className="text-xs text-slate-600 dark:text-slate-400">{t('boards.create.templateHint')}</p>
          </>
        ) : (
          <p className="text-sm text-slate-600 dark:text-slate-400">{t('boards.create.noTemplates')}</p>
        ))}
    </fieldset>
  );
}
