import { FolderKanban, Plus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { PageHeader } from '../../../components/ui/page-header';
import { useBoards } from '../api/get-boards';
import { useCreateBoardDialog } from '../hooks/use-create-board-dialog';
import { BoardGrid } from './board-grid';
import { BoardListState } from './board-list-state';

/** /projects: every active board of the user (docs/product.md, "Projects and Archived"). */
export function ProjectsPage() {
  const { t } = useTranslation();
  const { data: boards, error, isLoading } = useBoards();
  const { openCreateBoard, createBoardDialog } = useCreateBoardDialog();
  const createButton = (
    <Button onClick={openCreateBoard}>
      <Plus aria-hidden="true" className="size-4" />
      {t('projects.create')}
    </Button>
  );

  return (
    <div className="mx-auto max-w-6xl">
      <PageHeader
        title={t('projects.title')}
        description={t('projects.description')}
        actions={createButton}
      />
      <BoardListState isLoading={isLoading} error={error && !boards ? t('projects.loadError') : null} />
      {boards?.length === 0 && (
        <EmptyState
          icon={<FolderKanban aria-hidden="true" className="size-6" />}
          title={t('projects.empty.title')}
          description={t('projects.empty.description')}
          action={
            <Button variant="secondary" onClick={openCreateBoard}>
              {t('projects.empty.action')}
            </Button>
          }
        />
      )}
      {boards && boards.length > 0 && <BoardGrid boards={boards} label={t('projects.title')} level={2} />}
      {createBoardDialog}
    </div>
  );
}
