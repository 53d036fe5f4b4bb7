import type { CompactBoardDetail } from '@papan/shared';
import { Suspense, useCallback, useState, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router-dom';
import { FullPageSpinner } from '../../../components/ui/spinner';
import { lazyReady } from '../../../lib/lazy-ready';
import { useBoardLoad } from '../hooks/use-board-load';
import { useBoardLive, useBoardPolling } from '../hooks/use-board-live';
import { useBoardShortcuts } from '../hooks/use-board-shortcuts';
import { useBoardStore } from '../store';
import { ActivityPanel } from './activity-panel';
import { BoardCanvas } from './board-canvas';
import { BoardHeader } from './board-header';
import { BoardLoadError, NotMemberState } from './board-states';
import { CardDetailModal } from './card-modal/card-detail-modal';
import { FieldsPanel } from './fields/fields-panel';
import { LaneTitleDialog } from './lanes/lane-title-dialog';
import { SharePanel } from './share/share-panel';
import { ShortcutsDialog } from './shortcuts-dialog';

/**
 * A panel of another feature opened from the board menu (the Automation panel): the app's route
 * table hands it in, as features never import each other. It gets the board as this screen holds it.
 */
export type BoardMenuPanel = ComponentType<{ board: CompactBoardDetail; onClose: () => void }>;

/** How the board's cards are shown: its lists, a table, or a calendar of due dates (docs/fields.md, "Views"). */
export type BoardView = 'board' | 'table' | 'calendar';

// The table and the calendar are chunks of their own, loaded when first shown.
const TableView = lazyReady(() => import('./table/table-view').then((m) => m.TableView));
const CalendarView = lazyReady(() => import('./calendar/calendar-view').then((m) => m.CalendarView));

/** Asks for the table's or the calendar's chunk before the screen shows it (a board opened by its address). */
export function preloadBoardView(view: 'table' | 'calendar'): Promise<unknown> {
  return (view === 'table' ? TableView : CalendarView).preload();
}

interface BoardPageProps {
  automationPanel?: BoardMenuPanel;
  view?: BoardView;
}

/**
 * /board/:boardId, /board/:boardId/table and /board/:boardId/calendar (docs/product.md, "Board
 * screen"; docs/fields.md, "Views"): one screen, one live board, three views of it. A new board id
 * is a new screen, with fresh state.
 */
export function BoardPage({ automationPanel, view = 'board' }: BoardPageProps) {
  const { boardId = '' } = useParams();
  return <BoardScreen key={boardId} boardId={boardId} automationPanel={automationPanel} view={view} />;
}

function BoardScreen({
  boardId,
  automationPanel: AutomationPanel,
  view,
}: BoardPageProps & { boardId: string; view: BoardView }) {
  const { t } = useTranslation();
  useBoardLoad(boardId);
  useBoardLive(boardId);
  useBoardPolling();
  const status = useBoardStore((state) => state.status);
  // This board's, not the one shown before it (the store is opened on this screen's first effect).
  const loaded = useBoardStore((state) => state.board?._id === boardId);
  // The open card is in the address (?card=), so a search result or a shared link opens it.
  const [params, setParams] = useSearchParams();
  const openCardId = params.get('card');
  const [panel, setPanel] = useState<
    'share' | 'activity' | 'shortcuts' | 'addLane' | 'automation' | 'fields' | null
  >(null);
  const setOpenCardId = useCallback(
    (cardId: string | null) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (cardId) next.set('card', cardId);
          else next.delete('card');
          return next;
        },
        { replace: !cardId },
      ),
    [setParams],
  );
  const openCard = useCallback((cardId: string) => setOpenCardId(cardId), [setOpenCardId]);
  useBoardShortcuts({ openCardId, openCard, showHelp: () => setPanel('shortcuts') });

  if (status === 'forbidden') return <NotMemberState boardId={boardId} />;
  if (status === 'error') return <BoardLoadError />;
  if (!loaded) return <FullPageSpinner label={t('board.states.loading')} />;

  return (
    // The app shell pads its screens; the board takes the whole area below the top bar (4rem and
    // its 1px border) instead, so only the lists scroll, never the page.
    <div className="-mx-4 -my-8 flex h-[calc(100dvh-4rem-1px)] flex-col sm:-mx-6 lg:-mx-8">
      <BoardHeader
        onShare={() => setPanel('share')}
        onActivity={() => setPanel('activity')}
        onAddLane={() => setPanel('addLane')}
        onAutomation={AutomationPanel && (() => setPanel('automation'))}
        onFields={() => setPanel('fields')}
        view={view}
      />
      {view === 'board' && <BoardCanvas boardId={boardId} onOpenCard={openCard} />}
      {view !== 'board' && (
        <Suspense fallback={<FullPageSpinner label={t('board.states.loading')} />}>
          {view === 'table' ? <TableView onOpenCard={openCard} /> : <CalendarView onOpenCard={openCard} />}
        </Suspense>
      )}
      {openCardId && <CardDetailModal cardId={openCardId} onClose={() => setOpenCardId(null)} />}
      {panel === 'share' && <SharePanel boardId={boardId} onClose={() => setPanel(null)} />}
      {panel === 'activity' && <ActivityPanel boardId={boardId} onClose={() => setPanel(null)} />}
      {panel === 'shortcuts' && <ShortcutsDialog onClose={() => setPanel(null)} />}
      {panel === 'addLane' && <LaneTitleDialog boardId={boardId} onClose={() => setPanel(null)} />}
      {panel === 'fields' && <FieldsPanel boardId={boardId} onClose={() => setPanel(null)} />}
      {panel === 'automation' && AutomationPanel && (
        <MenuPanelHost panel={AutomationPanel} onClose={() => setPanel(null)} />
      )}
    </div>
  );
}

/** Follows the board for a menu panel while it is open (the screen itself does not re-render on every change). */
function MenuPanelHost({ panel: Panel, onClose }: { panel: BoardMenuPanel; onClose: () => void }) {
  const board = useBoardStore((state) => state.board);
  if (!board) return null;
  return (
    // Its own chunk: nothing shows until it has loaded (a moment, once).
    <Suspense fallback={null}>
      <Panel board={board} onClose={onClose} />
    </Suspense>
  );
}
