import { ChartArea, History, Share2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Avatar } from '../../../components/ui/avatar';
import { Button } from '../../../components/ui/button';
import { buttonStyles } from '../../../components/ui/button-styles';
import { useBoardStore } from '../store';
import { BoardExportMenu } from './board-export-menu';
import type { BoardView } from './board-page';
import { BoardFilter } from './board-filter';
import { ViewSwitcher } from './view-switcher';

interface BoardHeaderProps {
  onShare: () => void;
  onActivity: () => void;
  onAddLane: () => void;
  /** Opens the Automation panel; no menu item without it. */
  onAutomation?: () => void;
  onFields?: () => void;
  view?: BoardView;
}

/**
 * The board's title (fallback 'Board'), the filter, who is viewing, Share, Activity and the export
 * menu (docs/product.md, "Board screen").
 */
export function BoardHeader({
  onShare,
  onActivity,
  onAddLane,
  onAutomation,
  onFields,
  view = 'board',
}: BoardHeaderProps) {
  const { t } = useTranslation();
  const title = useBoardStore((state) => state.board?.title?.trim());
  const viewers = useBoardStore((state) => state.viewers);
  const members = useBoardStore((state) => state.board?.members);
  const boardId = useBoardStore((state) => state.board?._id);
  const names = viewers.map((viewer) => viewer.name).join(', ');
  const pictureOf = (id: string) => members?.find((member) => member._id === id)?.avatarUrl;

  return (
    <div className="flex flex-wrap items-center gap-3 border-b border-slate-200 bg-white/70 px-4 py-3 sm:px-6 lg:px-8 dark:border-slate-800 dark:bg-slate-900/60">
      {/* At least 10rem: on a phone the viewers and buttons wrap to a second row before the title shrinks. */}
      <h1 className="min-w-0 flex-[1_1_10rem] truncate text-xl font-semibold tracking-tight">
        {title || t('board.header.fallbackTitle')}
      </h1>
      {boardId && <ViewSwitcher boardId={boardId} view={view} />}
      <BoardFilter />
      {viewers.length > 0 && (
        <ul
          className="flex -space-x-1.5"
          aria-label={t('board.header.viewers', { names })}
          title={t('board.header.viewers', { names })}
        >
          {viewers.slice(0, 5).map((viewer) => (
            <li key={viewer._id} className="rounded-full ring-2 ring-white dark:ring-slate-900">
              <Avatar name={viewer.name} src={pictureOf(viewer._id)} size="sm" />
              <span className="sr-only">{viewer.name}</span>
            </li>
          ))}
          {viewers.length > 5 && (
            <li className="inline-flex size-8 items-center justify-center rounded-full bg-slate-200 text-xs font-semibold ring-2 ring-white dark:bg-slate-700 dark:ring-slate-900">
              +{viewers.length - 5}
            </li>
          )}
        </ul>
      )}
      <div className="flex flex-wrap items-center gap-2">
        <Button variant="secondary" size="sm" onClick={onShare}>
          <Share2 aria-hidden="true" className="size-4" />
          {t('board.header.share')}
        </Button>
        <Button variant="secondary" size="sm" onClick={onActivity}>
          <History aria-hidden="true" className="size-4" />
          {t('board.header.activity')}
        </Button>
        {boardId && (
          <Link
            to={`/board/${encodeURIComponent(boardId)}/insights`}
            className={buttonStyles('secondary', 'sm')}
          >
            <ChartArea aria-hidden="true" className="size-4" />
            {t('board.header.insights')}
          </Link>
        )}
        {boardId && (
          <BoardExportMenu
            boardId={boardId}
            onAddLane={onAddLane}
            onAutomation={onAutomation}
            onFields={onFields}
          />
        )}
      </div>
    </div>
  );
}
