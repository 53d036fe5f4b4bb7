import type { TFunction } from 'i18next';
import { toast } from 'react-toastify';
import { refusalOf } from '../model/wip';
import { useBoardStore } from '../store';

/**
 * Says why the server refused a change that would have put a card into `listId` (a 409: a hard WIP
 * limit, in the reader's language when the board knows the limit, else the server's words;
 * docs/lanes.md). False when the failure was not a refusal: the caller says what it says for those.
 */
export function showRefusal(t: TFunction, error: unknown, listId: string): boolean {
  const refusal = refusalOf(error, useBoardStore.getState().board, listId);
  if (!refusal) return false;
  const text =
    'message' in refusal
      ? refusal.message
      : t(refusal.limit === 1 ? 'board.wip.refusedOne' : 'board.wip.refused', refusal);
  toast.error(text, {
    toastId: `refused-${listId}`,
  });
  return true;
}
