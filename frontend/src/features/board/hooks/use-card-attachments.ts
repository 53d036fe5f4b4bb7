import type { Attachment, BoardEvent, BoardEventBody } from '@papan/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useBoardEvent } from '../../../lib/use-socket-event';
import { getCardAttachments } from '../api/get-card-attachments';

const attachmentsKey = (cardId: string) => ['board', 'cards', cardId, 'attachments'] as const;

type AttachmentType = 'attachment.added' | 'attachment.removed';
type AttachmentEvent = Extract<BoardEvent, { type: AttachmentType }>;
export type AttachmentChange = Extract<BoardEventBody, { type: AttachmentType }>;

const isAttachmentEvent = (event: BoardEvent): event is AttachmentEvent =>
  event.type === 'attachment.added' || event.type === 'attachment.removed';

/** An attachment event on a card's list: added once (by id, oldest first), or taken off. */
function applyChange(list: Attachment[], change: AttachmentChange): Attachment[] {
  const rest = list.filter((attachment) => attachment._id !== change.payload._id);
  if (change.type === 'attachment.removed') return rest;
  const { attachmentCount: _count, ...attachment } = change.payload;
  return [...rest, attachment].sort((a, b) => a.createdAt.localeCompare(b.createdAt));
}

/**
 * The open card's files. The board read has only their count and the cover, so the list lives in
 * the query cache, read when the card opens; `apply` keeps it with the socket's `attachment.*`
 * events (another member's upload shows at once) and with this browser's own answers. Applying an
 * event twice changes nothing.
 */
export function useCardAttachments(cardId: string) {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: attachmentsKey(cardId),
    queryFn: ({ signal }) => getCardAttachments(cardId, signal),
  });
  const apply = useCallback(
    (change: AttachmentChange) =>
      queryClient.setQueryData<Attachment[]>(attachmentsKey(cardId), (current = []) =>
        applyChange(current, change),
      ),
    [queryClient, cardId],
  );

  useBoardEvent((event) => {
    if (isAttachmentEvent(event) && event.payload.cardId === cardId) apply(event);
  });

  return { ...query, apply };
}
