import { useQueryClient } from '@tanstack/react-query';
import { Trash2 } from 'lucide-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { PageHeader } from '../../../components/ui/page-header';
import { FullPageSpinner } from '../../../components/ui/spinner';
import { useSocketEvent } from '../../../lib/use-socket-event';
import { deleteAdminBoards } from '../api/delete-admin-boards';
import { useAdminBoards } from '../api/get-admin-boards';
import { refreshAdminData } from '../api/query-keys';
import type { AdminBoard } from '@papan/shared';
import { useSearch } from '../hooks/use-search';
import { useSelection } from '../hooks/use-selection';
import { BoardTable } from './board-table';
import { SearchBox } from './search-box';

/**
 * /admin/boards: every board, searchable by title, owner name or e-mail, deletable
 * (docs/product.md, "Administrator area").
 */
export function BoardsPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const boards = useAdminBoards();
  const { query, setQuery, filtered } = useSearch(boards.data, (b) => [
    b.title,
    b.ownerId?.name,
    b.ownerId?.email,
  ]);
  const selection = useSelection(filtered.map((b) => b._id));
  const [pending, setPending] = useState<AdminBoard[] | null>(null);
  const [deleting, setDeleting] = useState(false);
  const lastBoardCount = useRef<number | null>(null);

  // A board created or deleted anywhere changes the pushed count: read the list again.
  useSocketEvent('admin:stats', ({ boardCount }) => {
    if (lastBoardCount.current !== null && lastBoardCount.current !== boardCount) void boards.refetch();
    lastBoardCount.current = boardCount;
  });

  async function confirmDelete(targets: AdminBoard[]) {
    setDeleting(true);
    try {
      await deleteAdminBoards(targets.map((b) => b._id));
      selection.clear();
      refreshAdminData(queryClient);
    } catch (error) {
      console.error('Board delete failed', error);
      toast.error(t('admin.boards.deleteFailed'));
    } finally {
      setDeleting(false);
      setPending(null);
    }
  }

  if (boards.error && !boards.data) return <Alert tone="error">{t('admin.boards.loadError')}</Alert>;
  if (!boards.data) return <FullPageSpinner label={t('common.loading')} />;

  const selectedBoards = filtered.filter((b) => selection.selected.includes(b._id));
  const [first] = pending ?? [];

  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-4">
      <PageHeader
        title={t('admin.boards.title')}
        description={t('admin.boards.description')}
        actions={
          selectedBoards.length > 0 && (
            <Button variant="danger" size="sm" onClick={() => setPending(selectedBoards)}>
              <Trash2 aria-hidden="true" className="size-4" />
              {t('admin.boards.deleteSelected', { n: selectedBoards.length })}
            </Button>
          )
        }
      />
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
        <SearchBox label={t('admin.boards.search')} value={query} onChange={setQuery} />
        <p role="status" className="text-sm text-slate-600 dark:text-slate-400">
          {t('admin.boards.found', { shown: filtered.length, total: boards.data.length })}
        </p>
      </div>
      <BoardTable boards={filtered} selection={selection} onDelete={(board) => setPending([board])} />
      {pending && first && (
        <ConfirmDialog
          title={
            pending.length === 1
              ? t('admin.boards.confirm.titleOne', { title: first.title })
              : t('admin.boards.confirm.titleMany', { n: pending.length })
          }
          message={t('admin.boards.confirm.message')}
          confirmLabel={t('admin.confirmDelete')}
          busy={deleting}
          onConfirm={() => void confirmDelete(pending)}
          onCancel={() => setPending(null)}
        />
      )}
    </div>
  );
}
