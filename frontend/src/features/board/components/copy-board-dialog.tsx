import { BOARD_COPY_CARDS, copyBoardSchema, LIMITS, type BoardCopyCards } from '@papan/shared';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { toast } from 'react-toastify';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { SelectField } from '../../../components/ui/select-field';
import { TextField } from '../../../components/ui/text-field';
import { copyBoard } from '../api/copy-board';

const CARD_CHOICES = {
  none: 'board.copy.cardsNone',
  templates: 'board.copy.cardsTemplates',
  all: 'board.copy.cardsAll',
} as const satisfies Record<BoardCopyCards, string>;

/**
 * The board menu's Copy board (docs/product.md, "Templates"): a title and which cards go along;
 * the new board opens once it is made.
 */
export function CopyBoardDialog({
  boardId,
  title: sourceTitle,
  onClose,
}: {
  boardId: string;
  title: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [title, setTitle] = useState(() =>
    t('board.copy.defaultTitle', { title: sourceTitle }).slice(0, LIMITS.title),
  );
  const [cards, setCards] = useState<BoardCopyCards>('templates');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const valid = copyBoardSchema.safeParse({ title, cards }).success;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!valid || busy) return;
    setBusy(true);
    setError(null);
    try {
      const board = await copyBoard(boardId, { title: title.trim(), cards });
      toast.success(t('board.copy.success', { title: board.title }));
      onClose();
      void navigate(`/board/${board._id}`);
    } catch (err) {
      console.error('Failed to copy the board', err);
      setError(t('board.copy.failed'));
      setBusy(false);
    }
  }

  return (
    <Dialog title={t('board.copy.title')} description={t('board.copy.hint')} onClose={onClose}>
      <form onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
        {error && <Alert tone="error">{error}</Alert>}
        <TextField
          label={t('board.copy.titleLabel')}
          required
          autoFocus
          maxLength={LIMITS.title}
          value={title}
          onChange={(event) => setTitle(event.target.value)}
        />
        <SelectField
          label={t('board.copy.cards')}
          value={cards}
          onChange={(event) => setCards(event.target.value as BoardCopyCards)}
          options={BOARD_COPY_CARDS.map((value) => ({ value, label: t(CARD_CHOICES[value]) }))}
        />
        <div className="mt-2 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" disabled={!valid || busy} loading={busy}>
            {busy ? t('board.copy.submitting') : t('board.copy.submit')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
