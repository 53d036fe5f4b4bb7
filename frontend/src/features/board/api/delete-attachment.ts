import { sendChange } from './board-change';

/** What the card looks like once the file is gone: the answer says neither, its event both. */
export interface CardAfterRemoval {
  cardId: string;
  attachmentCount: number;
  coverAttachmentId: string | null;
}

/** DELETE /api/attachments/{id}; its event: attachment.removed. */
/** `after` is asked when the answer comes, so it sees every change that landed meanwhile. */
export function deleteAttachment(attachmentId: string, after: () => CardAfterRemoval) {
  return sendChange<{ message: string; _id: string }>(
    'DELETE',
    `/api/attachments/${attachmentId}`,
    undefined,
    () => ({ type: 'attachment.removed', payload: { _id: attachmentId, ...after() } }),
  );
}
