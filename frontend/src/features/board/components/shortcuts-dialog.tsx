import { useTranslation } from 'react-i18next';
import { Dialog } from '../../../components/ui/dialog';

const SHORTCUTS = [
  ['?', 'help'],
  ['f', 'filter'],
  ['n', 'newCard'],
  ['e', 'title'],
  ['l', 'labels'],
  ['d', 'due'],
  ['m', 'members'],
  ['Space', 'join'],
  ['Esc', 'close'],
] as const;

/** What `?` shows: every board shortcut, in the reader's language. */
export function ShortcutsDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog
      title={t('board.shortcuts.title')}
      description={t('board.shortcuts.description')}
      onClose={onClose}
    >
      <dl className="grid grid-cols-[auto_1fr] items-center gap-x-4 gap-y-2 text-sm">
        {SHORTCUTS.map(([key, action]) => (
          <div key={key} className="contents">
            <dt>
              <kbd className="inline-flex min-w-8 justify-center rounded-md border border-slate-300 bg-slate-50 px-1.5 py-0.5 font-mono text-xs font-semibold text-slate-800 shadow-sm dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100">
                {key === 'Space' ? t('board.shortcuts.space') : key}
              </kbd>
            </dt>
            <dd className="text-slate-700 dark:text-slate-200">{t(`board.shortcuts.actions.${action}`)}</dd>
          </div>
        ))}
      </dl>
    </Dialog>
  );
}
