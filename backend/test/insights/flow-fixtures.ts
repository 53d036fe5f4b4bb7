import { PAPAN_EXPORT_FORMAT, PAPAN_EXPORT_VERSION, type ListStage, type PapanExport } from '@papan/shared';

/** A stay: card id, list id, entered, left (null: it stands there now). */
export type Stay = [card: string, list: string, enteredAt: string, leftAt: string | null];

/** A Papan export of lists (with ids and stages) and cards ([id, title]), carrying `stays` as its history. */
export function boardFlow(
  lists: { id: string; title: string; stage: ListStage | null; cards: [id: string, title: string][] }[],
  stays: Stay[],
  title = 'Flow',
): PapanExport {
  const createdAt = (card: string) => stays.find((s) => s[0] === card)?.[2] ?? new Date().toISOString();
  return {
    format: PAPAN_EXPORT_FORMAT,
    version: PAPAN_EXPORT_VERSION,
    exportedAt: new Date().toISOString(),
    board: { title, description: '', isTemplate: false },
    labels: [],
    members: [],
    fields: [],
    lanes: [],
    lists: lists.map((list) => ({
      id: list.id,
      title: list.title,
      stage: list.stage,
      wipLimit: null,
      wipMode: 'soft',
      cards: list.cards.map(([id, cardTitle]) => ({
        id,
        title: cardTitle,
        description: '',
        createdAt: createdAt(id),
        dueAt: null,
        dueComplete: false,
        labels: [],
        members: [],
        checklists: [],
        comments: [],
        attachments: [],
        cover: null,
        lane: null,
        isTemplate: false,
        fields: {},
      })),
    })),
    history: stays.map(([cardId, listId, enteredAt, leftAt]) => ({ cardId, listId, enteredAt, leftAt })),
  };
}
