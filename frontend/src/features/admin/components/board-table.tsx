import { Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { formatLongDate } from '../../../lib/dates';
import type { AdminBoard } from '@papan/shared';
import type { Selection } from '../hooks/use-selection';
import { SelectCheckbox } from './select-checkbox';
import { bodyRow, cell, headCell, tableClass, tableFrame } from './table-styles';

interface BoardTableProps {
  boards: AdminBoard[];
  selection: Selection;
  onDelete: (board: AdminBoard) => void;
}

/** Board Title, Owner (name and e-mail, or N/A / No email), Created At, delete. */
export function BoardTable({ boards, selection, onDelete }: BoardTableProps) {
  const { t, i18n } = useTranslation();
  return (
    <div className={tableFrame}>
      <table className={tableClass}>
        <caption className="sr-only">{t('admin.boards.title')}</caption>
        <thead>
          <tr>
            <th scope="col" className={`${headCell} w-10`}>
              <SelectCheckbox
                label={t('admin.boards.selectAll')}
                checked={selection.allSelected}
                indeterminate={selection.someSelected}
                disabled={boards.length === 0}
                onChange={selection.toggleAll}
              />
            </th>
            <th scope="col" className={headCell}>
              {t('admin.boards.columns.title')}
            </th>
            <th scope="col" className={headCell}>
              {t('admin.boards.columns.owner')}
            </th>
            <th scope="col" className={headCell}>
              {t('admin.boards.columns.createdAt')}
            </th>
            <th scope="col" className={`${headCell} text-right`}>
              {t('admin.boards.columns.actions')}
            </th>
          </tr>
        </thead>
        <tbody>
          {boards.map((board) => (
            <tr key={board._id} className={bodyRow}>
              <td className={`${cell} w-10`}>
                <SelectCheckbox
                  label={t('admin.boards.select', { title: board.title })}
                  checked={selection.isSelected(board._id)}
                  onChange={() => selection.toggle(board._id)}
                />
              </td>
              <td className={cell}>
                <div className="flex items-center gap-2">
                  <Link
                    to={`/board/${board._id}`}
                    className="font-medium hover:text-indigo-600 hover:underline dark:hover:text-indigo-300"
                  >
                    {board.title}
                  </Link>
                  {board.isArchived && <Badge>{t('admin.boards.archived')}</Badge>}
                </div>
              </td>
              <td className={cell}>
                <p className="font-medium">{board.ownerId?.name || t('admin.boards.noOwner')}</p>
                <p className="text-xs text-slate-500 dark:text-slate-400">
                  {board.ownerId?.email || t('admin.boards.noEmail')}
                </p>
              </td>
              <td className={`${cell} whitespace-nowrap text-slate-600 dark:text-slate-400`}>
                {formatLongDate(board.createdAt, i18n.resolvedLanguage)}
              </td>
              <td className={`${cell} text-right`}>
                <Button
                  variant="ghost"
                  size="sm"
                  onClick={() => onDelete(board)}
                  title={t('admin.boards.delete')}
                >
                  <Trash2 aria-hidden="true" className="size-4 text-red-600 dark:text-red-400" />
                  <span className="sr-only">
                    {t('admin.boards.delete')}: {board.title}
                  </span>
                </Button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {boards.length === 0 && (
        <p className="px-4 py-8 text-center text-sm text-slate-500 dark:text-slate-400">
          {t('admin.boards.empty')}
        </p>
      )}
    </div>
  );
}
