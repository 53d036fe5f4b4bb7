import type { Attachment } from '@papan/shared';
import { toast } from 'react-toastify';
import i18n from '../../../../lib/i18n';
import { getAttachmentBlob } from '../../api/get-attachment-blob';

/**
 * Saves the file under its name. The server admits readers by their Authorization header only, so
 * a plain link would be refused: the bytes are read first, then handed to a `download` link.
 */
export async function downloadAttachment(attachment: Attachment): Promise<void> {
  try {
    const blob = await getAttachmentBlob(attachment.url);
    const url = URL.createObjectURL(blob);
    const link = document.createElement('a');
    link.href = url;
    link.download = attachment.name;
    document.body.append(link);
    link.click();
    link.remove();
    // The browser has taken the file once the click's task is over.
    setTimeout(() => URL.revokeObjectURL(url), 1_000);
  } catch (error) {
    console.error('Failed to download the attachment', error);
    toast.error(i18n.t('board.attachments.downloadFailed', { name: attachment.name }));
  }
}
