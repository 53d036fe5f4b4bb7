import type { BoardSummary } from '@papan/shared';
import { ArchiveRestore, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { formatLongDate } from '../../../lib/dates';
import { boardAccent } from './board-accent';

interface ArchivedBoardRowProps {
  board: BoardSummary;
  busy: boolean;
  onRestore: () => void;
  onDelete: () => void;
}

export function ArchivedBoardRow({ board, busy, onRestore, onDelete }: ArchivedBoardRowProps) {
  const { t, i18n } = useTranslation();
  return (
    <li className="flex flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:flex-row sm:items-center dark:border-slate-800 dark:bg-slate-900">
      <span
        aria-hidden="true"
        className={`hidden h-12 w-1.5 shrink-0 rounded-full bg-gradient-to-b sm:block ${boardAccent(board._id)}`}
      />
      <div className="min-w-0 flex-1">
        <h2 className="truncate font-semibold">{board.title}</h2>
        <p className="mt-1 text-sm text-slate-500 dark:text-slate-400">
          {t('archived.archivedOn', { date: formatLongDate(board.updatedAt, i18n.resolvedLanguage) })}
        </p>
      </div>
      <div className="flex shrink-0 gap-2">
        <Button variant="secondary" size="sm" disabled={busy} onClick={onRestore}>
          <ArchiveRestore aria-hidden="true" className="size-4" />
          {t('archived.restore')}
        </Button>
        <Button variant="danger" size="sm" disabled={busy} onClick={onDelete}>
          <Trash2 aria-hidden="true" className="size-4" />
          {t('archived.delete')}
        </Button>
      </div>
    </li>
  );
}
