import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router-dom';
import { FullPageSpinner } from '../../../components/ui/spinner';
import { useBoardLoad } from '../hooks/use-board-load';
import { useBoardLive, useBoardPolling } from '../hooks/use-board-live';
import { useBoardShortcuts } from '../hooks/use-board-shortcuts';
import { useBoardStore } from '../store';
import { ActivityPanel } from './activity-panel';
import { BoardCanvas } from './board-canvas';
import { BoardHeader } from './board-header';
import { BoardLoadError, NotMemberState } from './board-states';
import { CardDetailModal } from './card-modal/card-detail-modal';
import { LaneTitleDialog } from './lanes/lane-title-dialog';
import { SharePanel } from './share/share-panel';
import { ShortcutsDialog } from './shortcuts-dialog';

/** /board/:boardId (docs/product.md, "Board screen"). A new board id is a new screen, with fresh state. */
export function BoardPage() {
  const { boardId = '' } = useParams();
  return <BoardScreen key={boardId} boardId={boardId} />;
}

function BoardScreen({ boardId }: { boardId: string }) {
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
  const [panel, setPanel] = useState<'share' | 'activity' | 'shortcuts' | 'addLane' | null>(null);
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
      />
      <BoardCanvas boardId={boardId} onOpenCard={openCard} />
      {openCardId && <CardDetailModal cardId={openCardId} onClose={() => setOpenCardId(null)} />}
      {panel === 'share' && <SharePanel boardId={boardId} onClose={() => setPanel(null)} />}
      {panel === 'activity' && <ActivityPanel boardId={boardId} onClose={() => setPanel(null)} />}
      {panel === 'shortcuts' && <ShortcutsDialog onClose={() => setPanel(null)} />}
      {panel === 'addLane' && <LaneTitleDialog boardId={boardId} onClose={() => setPanel(null)} />}
    </div>
  );
}
