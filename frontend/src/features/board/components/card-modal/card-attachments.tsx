import { findCard } from '@papan/shared';
import { Paperclip, Upload } from 'lucide-react';
import { useId, useRef } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../../components/ui/alert';
import { InlineSpinner } from '../../../../components/ui/spinner';
import { useAttachmentUploads } from '../../hooks/use-attachment-uploads';
import { useBoardPeople } from '../../hooks/use-board-people';
import { useCardAttachments } from '../../hooks/use-card-attachments';
import { useFileDrop } from '../../hooks/use-file-drop';
import { useBoardStore } from '../../store';
import { AttachmentItem } from './attachment-item';
import { AttachmentUploadRow } from './attachment-upload-row';
import { sectionHeadingClass } from './modal-styles';

/**
 * The card's files (docs/product.md, "Card detail"; docs/api.md, "Attachments"): chosen with the
 * button, dropped anywhere while the card is open, or pasted; each upload with its own progress
 * bar. The list follows other members' changes.
 */
export function CardAttachments({ cardId }: { cardId: string }) {
  const { t } = useTranslation();
  const headingId = useId();
  const input = useRef<HTMLInputElement>(null);
  const { data, error, isLoading, apply } = useCardAttachments(cardId);
  const { uploads, start, dismiss } = useAttachmentUploads(cardId, apply);
  const dragging = useFileDrop(start);
  const people = useBoardPeople();
  const coverId = useBoardStore((state) =>
    state.board ? findCard(state.board, cardId)?.card.coverAttachmentId : undefined,
  );

  return (
    <section aria-labelledby={headingId}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={headingId} className={sectionHeadingClass}>
          <Paperclip aria-hidden="true" className="size-4" />
          {t('board.attachments.heading')}
        </h3>
        <button
          type="button"
          onClick={() => input.current?.click()}
          className="inline-flex h-8 items-center gap-1.5 rounded-lg bg-slate-100 px-3 text-sm font-medium text-slate-700 hover:bg-slate-200 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:bg-slate-800 dark:text-slate-200 dark:hover:bg-slate-700"
        >
          <Upload aria-hidden="true" className="size-4" />
          {t('board.attachments.add')}
        </button>
        <input
          ref={input}
          type="file"
          multiple
          hidden
          onChange={(event) => {
            start(event.target.files ?? []);
            event.target.value = '';
          }}
        />
      </div>
      <p className="mt-1 text-xs text-slate-600 dark:text-slate-400">{t('board.attachments.hint')}</p>
      {uploads.length > 0 && (
        <ul className="mt-3 flex flex-col gap-2" aria-label={t('board.attachments.uploads')}>
          {uploads.map((upload) => (
            <AttachmentUploadRow key={upload.key} upload={upload} onDismiss={() => dismiss(upload.key)} />
          ))}
        </ul>
      )}
      {isLoading ? (
        <InlineSpinner label={t('board.attachments.loading')} />
      ) : error ? (
        <div className="mt-3">
          <Alert tone="error">{t('board.attachments.loadError')}</Alert>
        </div>
      ) : (
        (data ?? []).length > 0 && (
          <ul className="mt-3 flex flex-col gap-3" aria-labelledby={headingId}>
            {(data ?? []).map((attachment) => (
              <AttachmentItem
                key={attachment._id}
                attachment={attachment}
                isCover={attachment._id === coverId}
                people={people}
                onRemoved={apply}
              />
            ))}
          </ul>
        )
      )}
      {dragging &&
        createPortal(
          <div className="pointer-events-none fixed inset-3 z-[60] flex items-center justify-center rounded-2xl border-4 border-dashed border-indigo-400 bg-indigo-500/15 dark:border-indigo-300 dark:bg-indigo-400/15">
            <p className="rounded-xl bg-white px-5 py-3 text-base font-semibold text-indigo-800 shadow-lg dark:bg-slate-900 dark:text-indigo-100">
              {t('board.attachments.dropHere')}
            </p>
          </div>,
          document.body,
        )}
    </section>
  );
}
