import { findCard } from '@papan/shared';
import { toast } from 'react-toastify';
import i18n from '../../../../lib/i18n';
import { deleteAttachment } from '../../api/delete-attachment';
import { updateCard } from '../../api/update-card';
import { type Recipe, useBoardStore } from '../../store';
import type { AttachmentChange } from '../../hooks/use-card-attachments';
import { sendRevised } from '../../../../lib/revision-conflict';

const cardOf = (cardId: string) => {
  const board = useBoardStore.getState().board;
  return board ? findCard(board, cardId)?.card : undefined;
};

/** Shows a cover (or none) on the card at once; the compact card keeps only a set cover. */
const showCover =
  (cardId: string, coverAttachmentId: string | null): Recipe =>
  (board) => {
    const card = findCard(board, cardId)?.card;
    if (!card) return;
    if (coverAttachmentId) card.coverAttachmentId = coverAttachmentId;
    else delete card.coverAttachmentId;
  };

/** Makes an image the card's cover, or takes the cover off (null): at once, back on failure. */
export async function setCover(cardId: string, coverAttachmentId: string | null): Promise<void> {
  const before = cardOf(cardId)?.coverAttachmentId ?? null;
  try {
    const revision = cardOf(cardId)?.revision ?? 1;
    const send = (r: number) => updateCard(cardId, { coverAttachmentId }, r);
    await useBoardStore.getState().run(() => sendRevised(send, revision), {
      apply: showCover(cardId, coverAttachmentId),
      undo: showCover(cardId, before),
    });
  } catch (error) {
    console.error('Failed to change the cover', error);
    toast.error(i18n.t('board.attachments.coverFailed'));
  }
}

/** Deletes a file from the card; the list (`onRemoved`) and the card's count and cover follow. */
export async function removeAttachment(
  attachmentId: string,
  onRemoved: (change: AttachmentChange) => void,
): Promise<boolean> {
  try {
    await useBoardStore.getState().run(async () => {
      const answer = await deleteAttachment(attachmentId);
      if (answer.event?.type === 'attachment.removed') onRemoved(answer.event);
      return answer;
    });
    return true;
  } catch (error) {
    console.error('Failed to delete the attachment', error);
    toast.error(i18n.t('board.attachments.deleteFailed'));
    return false;
  }
}
