import { CircleAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { Upload } from '../../hooks/use-attachment-uploads';

const linkButtonClass =
  'shrink-0 rounded px-1.5 py-0.5 text-xs font-medium text-slate-600 underline-offset-2 hover:underline ' +
  'focus-visible:outline-2 focus-visible:outline-indigo-500 dark:text-slate-300';

/** A file on its way: its name, a progress bar and Cancel; or, when it was refused, why. */
export function AttachmentUploadRow({ upload, onDismiss }: { upload: Upload; onDismiss: () => void }) {
  const { t } = useTranslation();
  if (upload.error)
    return (
      <li
        role="alert"
        className="flex items-start gap-2 rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800 dark:border-red-900/60 dark:bg-red-950/40 dark:text-red-200"
      >
        <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        <span className="min-w-0 flex-1 break-words">{upload.error}</span>
        <button
          type="button"
          onClick={onDismiss}
          aria-label={t('board.attachments.named.dismiss', { name: upload.name })}
          className={`${linkButtonClass} dark:text-red-100`}
        >
          {t('board.attachments.dismiss')}
        </button>
      </li>
    );
  return (
    <li className="rounded-lg border border-slate-200 px-3 py-2 dark:border-slate-700">
      <div className="flex items-center gap-2 text-sm">
        <span className="min-w-0 flex-1 truncate text-slate-700 dark:text-slate-200">{upload.name}</span>
        <span className="text-xs text-slate-500 tabular-nums dark:text-slate-400">{upload.percent}%</span>
        <button
          type="button"
          onClick={upload.cancel}
          aria-label={t('board.attachments.named.cancel', { name: upload.name })}
          className={linkButtonClass}
        >
          {t('common.cancel')}
        </button>
      </div>
      <div
        role="progressbar"
        aria-valuenow={upload.percent}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-label={t('board.attachments.uploading', { name: upload.name })}
        className="mt-2 h-1.5 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-700"
      >
        <div
          className="h-full rounded-full bg-indigo-500 transition-all"
          style={{ width: `${upload.percent}%` }}
        />
      </div>
    </li>
  );
}
