import type { BoardSummary } from '@papan/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Pin, Users } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Avatar } from '../../../components/ui/avatar';
import { Badge } from '../../../components/ui/badge';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { archiveBoard } from '../api/archive-board';
import { deleteBoard } from '../api/delete-board';
import { refreshBoardLists } from '../api/query-keys';
import { renameBoard } from '../api/rename-board';
import { togglePin } from '../api/toggle-pin';
import { boardAccent } from './board-accent';
import { BoardCardMenu } from './board-card-menu';
import { BoardTitleEditor } from './board-title-editor';

/**
 * A board in a list of boards (docs/product.md, "Board cards and the create-board dialog"): its
 * title links to the board; the menu changes it. The title is a heading one level below the section
 * it stands in (`level`).
 */
export function BoardCard({ board, level = 3 }: { board: BoardSummary; level?: 2 | 3 }) {
  const Heading = level === 2 ? 'h2' : 'h3';
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState<'archive' | 'delete' | null>(null);
  const [busy, setBusy] = useState(false);
  const owner = board.ownerId?.name?.trim() || t('boards.card.unknownOwner');
  const memberCount = board.members?.length || 1;
  const members =
    memberCount === 1 ? t('boards.card.oneMember') : t('boards.card.members', { count: memberCount });

  // Failures of board card actions are only logged; every success refreshes the lists
  // (docs/product.md, "Failures and messages").
  async function run(action: string, call: () => Promise<unknown>) {
    try {
      await call();
      refreshBoardLists(queryClient);
    } catch (error) {
      console.error(`Failed to ${action} board ${board._id}`, error);
    }
  }

  async function confirm() {
    if (!confirming) return;
    setBusy(true);
    await run(confirming, () =>
      confirming === 'archive' ? archiveBoard(board._id) : deleteBoard(board._id),
    );
    setBusy(false);
    setConfirming(null);
  }

  return (
    <article className="group relative flex min-h-40 flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white p-5 pt-6 shadow-sm transition-shadow hover:shadow-md dark:border-slate-800 dark:bg-slate-900 dark:hover:border-slate-700">
      <div
        aria-hidden="true"
        className={`absolute inset-x-0 top-0 h-1.5 bg-gradient-to-r ${boardAccent(board._id)}`}
      />
      <div className="flex items-start gap-2">
        {editing ? (
          <BoardTitleEditor
            title={board.title}
            onSave={(title) => void run('rename', () => renameBoard(board._id, title))}
            onClose={() => setEditing(false)}
          />
        ) : (
          <Heading className="min-w-0 flex-1 text-base leading-snug font-semibold">
            <Link
              to={`/board/${board._id}`}
              className="line-clamp-2 rounded break-words hover:text-indigo-600 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:hover:text-indigo-300"
            >
              {board.title}
            </Link>
          </Heading>
        )}
        <BoardCardMenu
          title={board.title}
          isPinned={board.isPinned}
          onEdit={() => setEditing(true)}
          onTogglePin={() => void run('pin', () => togglePin(board._id))}
          onArchive={() => setConfirming('archive')}
          onDelete={() => setConfirming('delete')}
        />
      </div>
      {board.isPinned && (
        <div className="mt-2">
          <Badge tone="amber">
            <Pin aria-hidden="true" className="size-3" />
            {t('boards.card.pinned')}
          </Badge>
        </div>
      )}
      {board.description && (
        <p className="mt-2 line-clamp-2 text-sm text-slate-600 dark:text-slate-400">{board.description}</p>
      )}
      <div className="mt-auto flex items-center justify-between gap-3 pt-4 text-xs text-slate-500 dark:text-slate-400">
        <span className="flex min-w-0 items-center gap-2" title={t('boards.card.owner', { name: owner })}>
          <Avatar name={owner} src={board.ownerId?.avatarUrl} size="sm" />
          <span className="sr-only">{t('boards.card.owner', { name: owner })}</span>
          <span aria-hidden="true" className="truncate">
            {owner}
          </span>
        </span>
        {/* Four cards share a row beside the side navigation: the number alone leaves room for the owner. */}
        <span className="flex shrink-0 items-center gap-1" title={members}>
          <Users aria-hidden="true" className="size-3.5" />
          <span aria-hidden="true">{memberCount}</span>
          <span className="sr-only">{members}</span>
        </span>
      </div>
      {confirming && (
        <ConfirmDialog
          title={t(`boards.card.${confirming}Confirm.title`, { title: board.title })}
          message={t(`boards.card.${confirming}Confirm.message`)}
          confirmLabel={t(`boards.card.${confirming}Confirm.confirm`)}
          tone={confirming === 'delete' ? 'danger' : 'primary'}
          busy={busy}
          onConfirm={() => void confirm()}
          onCancel={() => setConfirming(null)}
        />
      )}
    </article>
  );
}
