import { LIMITS, updateBoardSchema } from '@papan/shared';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

interface BoardTitleEditorProps {
  title: string;
  onSave: (title: string) => void;
  onClose: () => void;
}

/**
 * docs/product.md, "Validation": leaving the field or submitting saves; Escape cancels; an
 * unchanged title, or one the server's rules refuse (empty, too long: updateBoardSchema), is
 * ignored and the editor closes.
 */
export function BoardTitleEditor({ title, onSave, onClose }: BoardTitleEditorProps) {
  const { t } = useTranslation();
  const [value, setValue] = useState(title);
  // Enter closes the editor, and the input losing focus as it goes must not save a second time.
  const finished = useRef(false);

  function finish(save: boolean) {
    if (finished.current) return;
    finished.current = true;
    const next = value.trim();
    if (save && next !== title && updateBoardSchema.safeParse({ title: next }).success) onSave(next);
    onClose();
  }

  return (
    <form
      className="min-w-0 flex-1"
      onSubmit={(event) => {
        event.preventDefault();
        finish(true);
      }}
    >
      <input
        aria-label={t('boards.card.titleLabel')}
        autoFocus
        maxLength={LIMITS.title}
        value={value}
        onChange={(event) => setValue(event.target.value)}
        onBlur={() => finish(true)}
        onKeyDown={(event) => {
          if (event.key !== 'Escape') return;
          event.preventDefault();
          event.stopPropagation();
          finish(false);
        }}
        className="h-9 w-full rounded-lg border border-indigo-400 bg-white px-2 text-base font-semibold text-slate-900 focus:outline-none focus:ring-2 focus:ring-indigo-500/30 dark:bg-slate-950 dark:text-slate-100"
      />
    </form>
  );
}
