import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { InlineSpinner } from '../../../../components/ui/spinner';
import { formatDateTime } from '../../../../lib/dates';
import { getCardHistory } from '../../api/get-card-history';
import { sideHeadingClass } from './modal-styles';

/**
 * "Where this card has been": the lists it entered and left, and when. Read only once opened (most
 * card views never ask), and again when the card moves to another list.
 */
export function CardHistory({ cardId, listId }: { cardId: string; listId: string }) {
  const { t, i18n } = useTranslation();
  const [open, setOpen] = useState(false);
  const { data, error, isLoading } = useQuery({
    queryKey: ['card', cardId, 'history', listId],
    queryFn: ({ signal }) => getCardHistory(cardId, signal),
    enabled: open,
  });
  const time = (iso: string) => <time dateTime={iso}>{formatDateTime(iso, i18n.resolvedLanguage)}</time>;

  return (
    <details onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary className={`cursor-pointer ${sideHeadingClass}`}>{t('board.history.title')}</summary>
      {!open ? null : isLoading ? (
        <InlineSpinner label={t('board.history.loading')} />
      ) : error ? (
        <p className="mt-2 text-sm text-red-700 dark:text-red-300">{t('board.history.loadError')}</p>
      ) : !data?.length ? (
        <p className="mt-2 text-sm text-slate-500 dark:text-slate-400">{t('board.history.empty')}</p>
      ) : (
        <ol className="mt-2 flex flex-col gap-2 text-sm">
          {data.map((entry) => (
            <li key={`${entry.listId} ${entry.enteredAt}`} className="flex flex-col">
              <span className="font-medium">{entry.listTitle ?? t('board.history.deletedList')}</span>
              <span className="text-xs text-slate-500 dark:text-slate-400">
                {time(entry.enteredAt)} – {entry.leftAt ? time(entry.leftAt) : t('board.history.now')}
              </span>
            </li>
          ))}
        </ol>
      )}
    </details>
  );
}
