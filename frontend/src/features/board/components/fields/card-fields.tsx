import type { BoardField, CompactCard } from '@papan/shared';
import { ExternalLink, X } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useBoardStore } from '../../store';
import { sideHeadingClass } from '../card-modal/modal-styles';
import { changeFields } from './card-fields-change';
import { FieldEditor } from './field-editor';

const NO_FIELDS: BoardField[] = [];

/** The card detail's custom fields (docs/fields.md): each board field with its editor and a clear button. */
export function CardFields({ card }: { card: CompactCard }) {
  const { t } = useTranslation();
  const headingId = useId();
  const fields = useBoardStore((state) => state.board?.fields ?? NO_FIELDS);
  if (!fields.length) return null;
  return (
    <section aria-labelledby={headingId}>
      <h3 id={headingId} className={sideHeadingClass}>
        {t('board.fields.heading')}
      </h3>
      <dl className="mt-2 grid grid-cols-[minmax(6rem,auto)_minmax(0,1fr)] items-center gap-x-3 gap-y-2 text-sm">
        {fields.map((field) => {
          const value = card.fields?.[field._id];
          return (
            <div key={field._id} className="contents">
              <dt className="truncate font-medium text-slate-700 dark:text-slate-200">{field.name}</dt>
              <dd className="flex min-w-0 items-center gap-2">
                <FieldEditor
                  field={field}
                  value={value}
                  label={field.name}
                  onSave={(next) => void changeFields(card, { [field._id]: next })}
                  className={field.type === 'checkbox' ? '' : 'flex-1'}
                />
                {field.type === 'url' && typeof value === 'string' && (
                  <a
                    href={value}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="text-indigo-700 hover:text-indigo-900 dark:text-indigo-300"
                    title={t('board.fields.openLink', { url: value })}
                  >
                    <ExternalLink aria-hidden="true" className="size-4" />
                    <span className="sr-only">{t('board.fields.openLink', { url: value })}</span>
                  </a>
                )}
                {value !== undefined && (
                  <button
                    type="button"
                    onClick={() => void changeFields(card, { [field._id]: null })}
                    className="rounded p-1 text-slate-500 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:text-slate-400 dark:hover:bg-slate-800 dark:hover:text-white"
                    title={t('board.fields.clear', { name: field.name })}
                  >
                    <X aria-hidden="true" className="size-4" />
                    <span className="sr-only">{t('board.fields.clear', { name: field.name })}</span>
                  </button>
                )}
              </dd>
            </div>
          );
        })}
      </dl>
    </section>
  );
}
