import { useQueryClient } from '@tanstack/react-query';
import { useSocketEvent } from '../../../lib/use-socket-event';
import { refreshBoardLists } from '../api/query-keys';

/**
 * A board renamed, archived, deleted or shared on its own screen changes the board lists too: they
 * are read again when next shown (the board screen cannot reach them; features stay apart).
 */
export function useBoardListsLive(): void {
  const queryClient = useQueryClient();
  useSocketEvent('board:event', (event) => {
    if (event.type.startsWith('board.') || event.type.startsWith('member.')) refreshBoardLists(queryClient);
  });
}
