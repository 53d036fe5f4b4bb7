import type { BoardField } from '@papan/shared';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../../../components/ui/dialog';
import { useBoardStore } from '../../store';
import { FieldCreateForm } from './field-create-form';
import { FieldRow } from './field-row';

const NO_FIELDS: BoardField[] = [];

/**
 * The board's custom fields (docs/fields.md), from the board menu: each field's name, "show on
 * card", place, a select's options and delete, and a new field. Any member may change them.
 */
export function FieldsPanel({ boardId, onClose }: { boardId: string; onClose: () => void }) {
  const { t } = useTranslation();
  const fields = useBoardStore((state) => state.board?.fields ?? NO_FIELDS);
  return (
    <Dialog
      title={t('board.fields.manager.title')}
      description={t('board.fields.manager.description')}
      onClose={onClose}
      size="lg"
    >
      <div className="flex flex-col gap-4">
        {fields.length ? (
          <ul className="flex flex-col gap-2" aria-label={t('board.fields.manager.title')}>
            {fields.map((field) => (
              <FieldRow key={field._id} field={field} count={fields.length} />
            ))}
          </ul>
        ) : (
          <p className="text-sm text-slate-600 dark:text-slate-300">{t('board.fields.manager.empty')}</p>
        )}
        <FieldCreateForm boardId={boardId} count={fields.length} />
      </div>
    </Dialog>
  );
}
