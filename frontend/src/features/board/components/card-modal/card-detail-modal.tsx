import { TIMINGS, findCard } from '@papan/shared';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../../../components/ui/dialog';
import { useBoardStore } from '../../store';
import { useCardLabels } from '../../hooks/use-card-labels';
import { LabelChip } from '../label-chip';
import { AddChecklistButton } from './add-checklist-button';
import { CardActions } from './card-actions';
import { CardAttachments } from './card-attachments';
import { CardChecklists } from './card-checklists';
import { CardComments } from './card-comments';
import { CardDescription } from './card-description';
import { CardDue } from './card-due';
import { CardHistory } from './card-history';
import { CardLane } from './card-lane';
import { CardMembers } from './card-members';
import { DueDatePicker } from './due-date-picker';
import { MemberPicker } from './member-picker';
import { CardTitleEditor } from './card-title-editor';
import { CardFields } from '../fields/card-fields';
import { LabelPicker } from './label-picker';
import { sideHeadingClass } from './modal-styles';

/**
 * The card detail (docs/product.md, "Card detail"). The card is read from the board store by id, so
 * every refresh or event re-matches it; when it disappears, the modal closes (docs/product.md,
 * "States and transitions"). Its checklists' items are read when it opens (the board holds their
 * totals). A backdrop click closes it after 50 ms, Escape at once.
 */
const NO_IDS: string[] = [];

export function CardDetailModal({ cardId, onClose }: { cardId: string; onClose: () => void }) {
  const { t } = useTranslation();
  const card = useBoardStore((state) => (state.board ? findCard(state.board, cardId)?.card : undefined));
  const listTitle = useBoardStore((state) => (state.board ? findCard(state.board, cardId)?.list.title : ''));
  const listId = useBoardStore((state) => (state.board ? findCard(state.board, cardId)?.list._id : ''));
  const loaded = useBoardStore((state) => state.board !== null);
  const labels = useCardLabels(card?.labels ?? NO_IDS);
  const closeTimer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(() => {
    void useBoardStore.getState().showCard(cardId);
    return () => void useBoardStore.getState().showCard(null);
  }, [cardId]);

  useEffect(() => {
    if (loaded && !card) onClose();
  }, [loaded, card, onClose]);
  useEffect(() => () => clearTimeout(closeTimer.current ?? undefined), []);
  // Escape is the dialog's own key while focus is inside it; a button that disables itself after
  // a click (Save, Copy) drops focus to the page, and Escape must still close the card.
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && document.activeElement === document.body) onClose();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [onClose]);

  if (!card) return null;
  return (
    <Dialog
      title={card.title}
      titleContent={<CardTitleEditor card={card} />}
      description={t('board.modal.inList', { list: listTitle })}
      size="xl"
      onClose={onClose}
      onBackdropClick={() => {
        closeTimer.current ??= setTimeout(onClose, TIMINGS.cardModalCloseDelayMs);
      }}
    >
      <div className="grid gap-8 md:grid-cols-[minmax(0,1fr)_13rem]">
        <div className="flex min-w-0 flex-col gap-7">
          <CardMembers card={card} />
          {labels.length > 0 && (
            <section>
              <h3 className={sideHeadingClass}>{t('board.labels.heading')}</h3>
              <div className="mt-2 flex flex-wrap gap-1.5">
                {labels.map((label) => (
                  <LabelChip key={label._id} label={label} size="md" />
                ))}
              </div>
            </section>
          )}
          <CardDue card={card} />
          <CardFields card={card} />
          <CardDescription card={card} />
          <CardAttachments cardId={card._id} />
          <CardChecklists cardId={card._id} />
          <CardComments cardId={card._id} />
        </div>
        {/* Not an <aside>: inside a dialog a complementary landmark would repeat the side navigation's. */}
        <div className="flex flex-col gap-6">
          <section className="flex flex-col gap-2">
            <h3 className={sideHeadingClass}>{t('board.modal.addToCard')}</h3>
            {/* `data-shortcut`: the keys m, l and d open these (use-board-shortcuts). */}
            <div data-shortcut="members">
              <MemberPicker card={card} />
            </div>
            <div data-shortcut="labels">
              <LabelPicker card={card} />
            </div>
            <div data-shortcut="due">
              <DueDatePicker card={card} />
            </div>
            <AddChecklistButton cardId={card._id} />
          </section>
          <CardLane card={card} />
          <CardActions cardId={card._id} onDone={onClose} />
          <CardHistory cardId={card._id} listId={listId ?? ''} />
        </div>
      </div>
    </Dialog>
  );
}
