import { sendChange } from './board-change';

/** DELETE /api/attachments/{id}; its event (attachment.removed) carries the card's count and cover after it. */
export function deleteAttachment(attachmentId: string) {
  return sendChange<{ message: string; _id: string }>('DELETE', `/api/attachments/${attachmentId}`);
}
