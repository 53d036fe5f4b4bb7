import type { BoardEvent, CompactBoardDetail } from '@papan/shared';

/**
 * Who last changed an object's fields, by its id (the board's id for the board): the name the
 * conflict dialog gives "{name} changed this while you were editing" (docs/product.md, "When two
 * people edit the same text"). A rule's change is named by its rule.
 */
export function editorOf(
  event: BoardEvent,
  board: CompactBoardDetail | null,
): [string, string | null] | null {
  const name = event.rule?.name ?? board?.members.find((m) => m._id === event.actorId)?.name ?? null;
  switch (event.type) {
    case 'board.updated':
      return [event.boardId, name];
    case 'card.updated':
    case 'list.updated':
    case 'checklist.updated':
    case 'checklistItem.updated':
    case 'comment.updated':
      return [event.payload._id, name];
    default:
      return null;
  }
}
