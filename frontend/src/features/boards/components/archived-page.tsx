import { useQueryClient } from '@tanstack/react-query';
import { Archive } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { EmptyState } from '../../../components/ui/empty-state';
import { PageHeader } from '../../../components/ui/page-header';
import { deleteBoard } from '../api/delete-board';
import { useArchivedBoards } from '../api/get-archived-boards';
import { refreshBoardLists } from '../api/query-keys';
import { restoreBoard } from '../api/restore-board';
import { ArchivedBoardRow } from './archived-board-row';
import { BoardListState } from './board-list-state';

/**
 * /archived: restore a board, or delete it for good after the browser's confirm (docs/product.md,
 * "Projects and Archived").
 */
export function ArchivedPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { data: boards, error, isLoading } = useArchivedBoards();
  const [busyId, setBusyId] = useState<string | null>(null);

  async function run(boardId: string, call: () => Promise<unknown>, done: string, failed: string) {
    setBusyId(boardId);
    try {
      await call();
      toast.success(done);
      refreshBoardLists(queryClient);
    } catch (err) {
      console.error(`Archived board action failed for ${boardId}`, err);
      toast.error(failed);
    } finally {
      setBusyId(null);
    }
  }

  const restore = (boardId: string) =>
    run(boardId, () => restoreBoard(boardId), t('archived.restored'), t('archived.restoreFailed'));

  const remove = (boardId: string) => {
    if (!window.confirm(t('archived.confirmDelete'))) return;
    void run(boardId, () => deleteBoard(boardId), t('archived.deleted'), t('archived.deleteFailed'));
  };

  return (
    <div className="mx-auto max-w-4xl">
      <PageHeader title={t('archived.title')} description={t('archived.description')} />
      <BoardListState isLoading={isLoading} error={error && !boards ? t('archived.loadError') : null} />
      {boards?.length === 0 && (
        <EmptyState
          icon={<Archive aria-hidden="true" className="size-6" />}
          title={t('archived.empty.title')}
          description={t('archived.empty.description')}
        />
      )}
      {boards && boards.length > 0 && (
        <ul aria-label={t('archived.title')} className="flex flex-col gap-3">
          {boards.map((board) => (
            <ArchivedBoardRow
              key={board._id}
              board={board}
              busy={busyId === board._id}
              onRestore={() => void restore(board._id)}
              onDelete={() => remove(board._id)}
            />
          ))}
        </ul>
      )}
    </div>
  );
}
