import type { BoardEventBody } from '../events/socket-events';
import type { Checklist } from '../schemas/board.schema';

export type ChecklistEvent = Extract<
  BoardEventBody,
  { type: `checklist.${string}` | `checklistItem.${string}` }
>;

/** Whether a board event is one of a card's checklists or their items. */
export const isChecklistEvent = (event: { type: string }): event is ChecklistEvent =>
  event.type.startsWith('checklist');

/**
 * How a checklist event changes a card's checklists with their items. The compact board read keeps
 * only each checklist's totals; the open card reads its items and follows them with this. Applying
 * an event twice changes nothing: an item or a checklist is set, never counted.
 */
export function applyChecklistEvent(checklists: readonly Checklist[], event: ChecklistEvent): Checklist[] {
  switch (event.type) {
    case 'checklist.created':
      if (checklists.some((c) => c._id === event.payload._id)) return [...checklists];
      return [...checklists, { ...event.payload, items: event.payload.items ?? [] }];
    case 'checklist.updated':
      return checklists.map((c) =>
        c._id === event.payload._id
          ? { ...c, title: event.payload.title, revision: event.payload.revision }
          : c,
      );
    case 'checklist.deleted':
      return checklists.filter((c) => c._id !== event.payload._id);
    default: {
      const { _id, checklistId } = event.payload;
      return checklists.map((c) => {
        if (c._id !== checklistId) return c;
        const rest = c.items.filter((item) => item._id !== _id);
        if (event.type === 'checklistItem.deleted') return { ...c, items: rest };
        const { cardId: _card, progress: _progress, ...item } = event.payload;
        const at = c.items.findIndex((other) => other._id === _id);
        const items = at < 0 ? [...c.items, item] : c.items.map((other, i) => (i === at ? item : other));
        return { ...c, items };
      });
    }
  }
}
