import type { CompactCard, Lane } from '@papan/shared';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { fieldClass } from '../../../../components/ui/field-styles';
import { updateCard } from '../../api/update-card';
import { laneOf } from '../../model/lanes';
import { useBoardStore } from '../../store';
import { sideHeadingClass } from './modal-styles';
import { sendRevised } from '../../../../lib/revision-conflict';

const NO_LANES: Lane[] = [];

/**
 * The card's swimlane, on a board with lanes (docs/lanes.md): another way than dragging to move it
 * between lanes, within its list (`PUT /api/cards/{id} {laneId}`).
 */
export function CardLane({ card }: { card: CompactCard }) {
  const { t } = useTranslation();
  const lanes = useBoardStore((state) => state.board?.lanes ?? NO_LANES);
  const [busy, setBusy] = useState(false);
  const fieldId = useId();
  if (!lanes.length) return null;
  const current = laneOf(card, new Set(lanes.map((lane) => lane._id)));

  async function change(value: string) {
    setBusy(true);
    try {
      const send = (revision: number) => updateCard(card._id, { laneId: value || null }, revision);
      await useBoardStore.getState().run(() => sendRevised(send, card.revision));
    } catch (error) {
      console.error('Failed to change the lane', error);
      toast.error(t('board.lanes.changeFailed'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="flex flex-col gap-2">
      <label htmlFor={fieldId} className={sideHeadingClass}>
        {t('board.lanes.cardLane')}
      </label>
      <select
        id={fieldId}
        value={current ?? ''}
        disabled={busy}
        onChange={(event) => void change(event.target.value)}
        className={`h-9 ${fieldClass}`}
      >
        <option value="">{t('board.lanes.default')}</option>
        {lanes.map((lane) => (
          <option key={lane._id} value={lane._id}>
            {lane.title}
          </option>
        ))}
      </select>
    </section>
  );
}
