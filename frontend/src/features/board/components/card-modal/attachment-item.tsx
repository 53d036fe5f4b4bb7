import type { Attachment, UserRef } from '@papan/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../../components/ui/confirm-dialog';
import { formatDateTime, formatRelativeTime } from '../../../../lib/dates';
import type { AttachmentChange } from '../../hooks/use-card-attachments';
import { formatFileSize } from '../../model/file-kind';
import { AttachmentImage } from '../attachment-image';
import { removeAttachment, setCover } from './attachment-changes';
import { downloadAttachment } from './download-attachment';
import { FileTypeIcon } from './file-type-icon';

const actionClass =
  'rounded px-1 py-0.5 text-xs font-medium text-slate-600 underline-offset-2 hover:text-slate-900 hover:underline ' +
  'focus-visible:outline-2 focus-visible:outline-indigo-500 disabled:opacity-60 dark:text-slate-300 dark:hover:text-white';

interface AttachmentItemProps {
  attachment: Attachment;
  isCover: boolean;
  people: UserRef[];
  onRemoved: (change: AttachmentChange) => void;
}

/** One file of the card: its thumbnail or type icon, name, size, who added it when, and actions. */
export function AttachmentItem({ attachment, isCover, people, onRemoved }: AttachmentItemProps) {
  const { t, i18n } = useTranslation();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const uploader = people.find((person) => person._id === attachment.uploadedBy)?.name;
  const time = formatRelativeTime(attachment.createdAt, i18n.language);
  const icon = <FileTypeIcon mimeType={attachment.mimeType} name={attachment.name} />;
  // Each button names its file for screen readers: a list has many a "Delete".
  const named = (action: 'download' | 'delete' | 'makeCover' | 'removeCover') =>
    t(`board.attachments.named.${action}`, { name: attachment.name });

  async function remove() {
    setBusy(true);
    // On success the item leaves the list (and this component with it).
    if (!(await removeAttachment(attachment._id, onRemoved))) setBusy(false);
    setConfirming(false);
  }

  return (
    <li className="flex items-start gap-3" data-attachment-id={attachment._id}>
      <span className="flex h-14 w-20 shrink-0 items-center justify-center overflow-hidden rounded-lg bg-slate-100 text-slate-500 dark:bg-slate-800 dark:text-slate-400">
        {attachment.thumbnailUrl ? <AttachmentImage url={attachment.thumbnailUrl} fallback={icon} /> : icon}
      </span>
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-2 text-sm font-medium break-all text-slate-800 dark:text-slate-100">
          {attachment.name}
          {isCover && (
            <span className="rounded bg-indigo-100 px-1.5 py-0.5 text-[11px] font-semibold break-normal text-indigo-800 dark:bg-indigo-900/60 dark:text-indigo-100">
              {t('board.attachments.cover')}
            </span>
          )}
        </p>
        <p className="mt-0.5 text-xs text-slate-600 dark:text-slate-400">
          {formatFileSize(attachment.size, i18n.language)} ·{' '}
          <span title={formatDateTime(attachment.createdAt, i18n.language)}>
            {uploader
              ? t('board.attachments.addedBy', { time, name: uploader })
              : t('board.attachments.added', { time })}
          </span>
        </p>
        <div className="mt-1 -ml-1 flex flex-wrap gap-x-2">
          <button
            type="button"
            className={actionClass}
            aria-label={named('download')}
            onClick={() => void downloadAttachment(attachment)}
          >
            {t('board.attachments.download')}
          </button>
          {attachment.isImage && (
            <button
              type="button"
              className={actionClass}
              aria-label={named(isCover ? 'removeCover' : 'makeCover')}
              onClick={() => void setCover(attachment.cardId, isCover ? null : attachment._id)}
            >
              {t(isCover ? 'board.attachments.removeCover' : 'board.attachments.makeCover')}
            </button>
          )}
          <button
            type="button"
            className={actionClass}
            aria-label={named('delete')}
            disabled={busy}
            onClick={() => setConfirming(true)}
          >
            {t('board.attachments.delete')}
          </button>
        </div>
      </div>
      {confirming && (
        <ConfirmDialog
          title={t('board.attachments.deleteTitle')}
          message={t('board.attachments.deleteMessage', { name: attachment.name })}
          confirmLabel={t('board.attachments.delete')}
          busy={busy}
          onConfirm={() => void remove()}
          onCancel={() => setConfirming(false)}
        />
      )}
    </li>
  );
}
