import { applyCommentEvent, isCommentEvent, type Comment, type CommentEvent } from '@papan/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useBoardEvent } from '../../../lib/use-socket-event';
import { getComments } from '../api/get-comments';

// The board feature's reads outside its store; 'board' keeps them apart from the boards lists.
const commentsKey = (cardId: string) => ['board', 'cards', cardId, 'comments'] as const;

/**
 * The open card's comments, newest first. They are not part of the board read (the board store),
 * so they live in the query cache. `apply` changes them with the shared `applyCommentEvent`, the
 * one rule for both the socket's `comment.*` events (the server leaves out comments of users who
 * blocked us) and the answers to this browser's own comment calls.
 */
export function useCardComments(cardId: string) {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: commentsKey(cardId),
    queryFn: ({ signal }) => getComments(cardId, signal),
  });
  const apply = useCallback(
    (event: CommentEvent) =>
      queryClient.setQueryData<Comment[]>(commentsKey(cardId), (current = []) =>
        applyCommentEvent(current, event),
      ),
    [queryClient, cardId],
  );

  useBoardEvent((event) => {
    if (isCommentEvent(event) && event.payload.cardId === cardId) apply(event);
  });

  return { ...query, apply };
}
