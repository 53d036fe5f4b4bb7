import { Info, Megaphone, X } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAnnouncement } from '../api/get-announcement';
import { dismiss, isDismissed, announcementId } from './dismissed-announcement';

const tones = {
  info: 'border-indigo-200 bg-indigo-50 text-indigo-900 dark:border-indigo-900/60 dark:bg-indigo-950/40 dark:text-indigo-100',
  warning:
    'border-amber-200 bg-amber-50 text-amber-900 dark:border-amber-900/60 dark:bg-amber-950/40 dark:text-amber-100',
};

/**
 * The administrator's announcement above every signed-in screen, until this browser dismisses it
 * (docs/product.md, "Announcement"); a changed announcement shows again.
 */
export function AnnouncementBanner() {
  const { t } = useTranslation();
  const { data: announcement } = useAnnouncement();
  const [dismissedId, setDismissedId] = useState<string | null>(null);
  if (!announcement || isDismissed(announcement) || dismissedId === announcementId(announcement)) return null;
  const Icon = announcement.level === 'warning' ? Megaphone : Info;

  function close() {
    if (!announcement) return;
    dismiss(announcement);
    setDismissedId(announcementId(announcement));
  }

  return (
    <div
      role="region"
      aria-label={t('announcement.label')}
      className={`border-b ${tones[announcement.level]}`}
    >
      <div className="flex items-start gap-3 px-4 py-2.5 sm:px-6 lg:px-8">
        <Icon aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
        <p className="min-w-0 flex-1 text-sm break-words whitespace-pre-line">{announcement.text}</p>
        <button
          type="button"
          onClick={close}
          aria-label={t('announcement.dismiss')}
          title={t('announcement.dismiss')}
          className="-m-1 rounded-md p-1 hover:bg-black/5 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:hover:bg-white/10"
        >
          <X aria-hidden="true" className="size-4" />
        </button>
      </div>
    </div>
  );
}
