import type { Comment } from '@papan/shared';
import { useQuery } from '../../../lib/use-query';
import { useSocketEvent } from '../../../lib/use-socket-event';
import { getComments } from '../api/get-comments';

/**
 * The open card's comments, newest first. They are not part of the board read, so their
 * `comment.*` events are applied here (the server leaves out comments of users who blocked us).
 */
export function useCardComments(cardId: string) {
  const query = useQuery(`cards/${cardId}/comments`, (signal) => getComments(cardId, signal));
  const { setData } = query;

  useSocketEvent('board:event', ({ type, payload }) => {
    const comment = payload as Comment;
    if (!type.startsWith('comment.') || comment?.cardId !== cardId) return;
    setData((current = []) => {
      const rest = current.filter((other) => other._id !== comment._id);
      if (type === 'comment.deleted') return rest;
      if (type === 'comment.created' && rest.length === current.length) return [comment, ...current];
      return current.map((other) => (other._id === comment._id ? comment : other));
    });
  });

  return query;
}
