import {
  TRANSFER_LIMITS,
  trelloBoardSchema,
  trelloCommentSchema,
  trelloListActionSchema,
  type TrelloBoard,
  type TrelloCard,
} from '@papan/shared';
import type { ImportPlan, PlanCard, PlanPerson, PlanStay } from './import-plan';
import { badFile, objectIdTime, validateFile } from './validate-file';
import { trelloColour, trelloFields } from './plan-fields';

/** Where closed cards and the cards of closed lists go (docs/decisions.md). */
export const TRELLO_ARCHIVE_LIST = 'Archived (Trello)';

const byPos = <T extends { pos: number }>(items: T[]) =>
  items
    .map((item, i) => ({ item, i }))
    .sort((a, b) => a.item.pos - b.item.pos || a.i - b.i)
    .map((x) => x.item);

const colourName = (color: string) => color.charAt(0).toUpperCase() + color.slice(1).replace(/_/g, ' ');

/**
 * A Trello board export as a plan: open lists in Trello's order (`pos`), then, when there are any,
 * one list "Archived (Trello)" with the closed cards and the cards of closed lists; labels with
 * Trello's colours; checklists, due dates and `commentCard` actions as comments; custom fields
 * (plan-fields.ts).
 */
export function trelloPlan(raw: unknown): ImportPlan {
  const board = validateFile(trelloBoardSchema, raw);
  const members = new Map<string, PlanPerson>(
    board.members.map((m) => [
      m.id,
      { name: m.fullName || m.username || 'Trello member', email: m.email || null },
    ]),
  );
  const labelIndex = new Map(board.labels.map((l, i) => [l.id, i]));
  const labels = board.labels.map((l) => ({
    name: l.name || (l.color ? colourName(l.color).slice(0, 50) : 'Label'),
    color: trelloColour(l.color),
  }));

  const fields = trelloFields(board);
  const listOrder = byPos(board.lists);
  const listRank = new Map(listOrder.map((l, i) => [l.id, i]));
  const openLists = listOrder.filter((l) => !l.closed);
  board.cards.forEach((c, i) => {
    if (!listRank.has(c.idList)) throw badFile(`cards.${i}.idList`, 'no list of the board has this id');
  });

  const checklists = new Map<string, typeof board.checklists>();
  for (const k of byPos(board.checklists)) checklists.set(k.idCard, [...(checklists.get(k.idCard) ?? []), k]);
  const itemCount = board.checklists.reduce((n, k) => n + k.checkItems.length, 0);
  if (itemCount > TRANSFER_LIMITS.checklistItems)
    throw badFile('checklists', `must hold at most ${TRANSFER_LIMITS.checklistItems} items in all`);

  const comments = new Map<string, PlanCard['comments']>();
  let commentCount = 0;
  board.actions.forEach((action, i) => {
    if (action.type !== 'commentCard') return;
    const c = validateFile(trelloCommentSchema, action, `actions.${i}`);
    if (!c.data.text.trim()) return;
    if (++commentCount > TRANSFER_LIMITS.comments)
      throw badFile('actions', `must hold at most ${TRANSFER_LIMITS.comments} comments`);
    const idCreator = typeof action.idMemberCreator === 'string' ? action.idMemberCreator : '';
    const author = {
      name:
        c.memberCreator?.fullName ||
        c.memberCreator?.username ||
        members.get(idCreator)?.name ||
        'Trello member',
      email: members.get(idCreator)?.email ?? null,
    };
    const list = comments.get(c.data.card.id) ?? [];
    list.push({ author, text: c.data.text, createdAt: new Date(c.date) });
    comments.set(c.data.card.id, list);
  });

  const card = (c: TrelloCard): PlanCard => ({
    key: c.id,
    title: c.name,
    description: c.desc,
    createdAt: objectIdTime(c.id) ?? (c.dateLastActivity ? new Date(c.dateLastActivity) : new Date()),
    dueAt: c.due ? new Date(c.due) : null,
    dueComplete: c.dueComplete,
    labels: [...new Set(c.idLabels)].flatMap((id) => labelIndex.get(id) ?? []),
    members: c.idMembers.map((id) => members.get(id) ?? { name: 'Trello member', email: null }),
    checklists: (checklists.get(c.id) ?? []).map((k) => ({
      title: k.name,
      items: byPos(k.checkItems).map((item) => ({ text: item.name, isCompleted: item.state === 'complete' })),
    })),
    // Trello lists actions newest first.
    comments: (comments.get(c.id) ?? []).sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime()),
    attachments: [],
    lane: null,
    isTemplate: c.isTemplate,
    fields: fields.valuesOf(c.id, c.customFieldItems),
  });

  const closedList = new Set(board.lists.filter((l) => l.closed).map((l) => l.id));
  const sorted = byPos(board.cards);
  const archived = sorted
    .filter((c) => c.closed || closedList.has(c.idList))
    .map((c, i) => ({ c, i }))
    .sort((a, b) => listRank.get(a.c.idList)! - listRank.get(b.c.idList)! || a.i - b.i)
    .map(({ c }) => card(c));
  const lists = openLists.map((l) => ({
    key: l.id,
    title: l.name,
    stage: null,
    wipLimit: null,
    wipMode: 'soft' as const,
    cards: sorted.filter((c) => c.idList === l.id && !c.closed).map(card),
  }));
  if (archived.length)
    lists.push({
      key: ARCHIVE_KEY,
      title: TRELLO_ARCHIVE_LIST,
      stage: null,
      wipLimit: null,
      wipMode: 'soft',
      cards: archived,
    });
  const listKeyOf = (c: TrelloCard) => (c.closed || closedList.has(c.idList) ? ARCHIVE_KEY : c.idList);
  return {
    source: 'Trello',
    // Trello has no swimlanes.
    lanes: [],
    title: board.name,
    description: board.desc,
    isTemplate: false,
    labels,
    fields: fields.fields,
    lists,
    history: trelloHistory(board, listKeyOf),
  };
}

/** The archive list's key: no Trello id looks like it. */
const ARCHIVE_KEY = 'archived (Trello)';

/**
 * The cards' history from the export's `createCard` actions and the `updateCard` actions that moved
 * a card between lists, with their dates (docs/insights.md, "Imported history"). A card without
 * them entered its list when Trello created it; a card whose last known list is not where it is
 * now (an archived card, or actions the export left out) entered its list at its last activity.
 */
function trelloHistory(board: TrelloBoard, listKeyOf: (c: TrelloCard) => string): PlanStay[] {
  const moves = new Map<string, { list: string; from?: string; at: Date }[]>();
  for (const action of board.actions) {
    if (action.type !== 'createCard' && action.type !== 'updateCard') continue;
    const parsed = trelloListActionSchema.safeParse(action);
    if (!parsed.success) continue;
    const { data, date } = parsed.data;
    const move =
      parsed.data.type === 'createCard'
        ? { list: parsed.data.data.list.id, at: new Date(date) }
        : { list: parsed.data.data.listAfter.id, from: parsed.data.data.listBefore.id, at: new Date(date) };
    const ofCard = moves.get(data.card.id) ?? [];
    ofCard.push(move);
    moves.set(data.card.id, ofCard);
  }
  return board.cards.flatMap((c) => {
    const created = objectIdTime(c.id) ?? new Date(c.dateLastActivity ?? Date.now());
    const steps = (moves.get(c.id) ?? []).sort((a, b) => a.at.getTime() - b.at.getTime());
    const entries: { list: string; at: Date }[] = [];
    if (!steps.length || steps[0].from !== undefined)
      entries.push({ list: steps[0]?.from ?? c.idList, at: created });
    entries.push(...steps);
    const last = entries[entries.length - 1];
    if (last.list !== listKeyOf(c)) {
      const lastActivity = c.dateLastActivity ? new Date(c.dateLastActivity).getTime() : 0;
      entries.push({ list: listKeyOf(c), at: new Date(Math.max(last.at.getTime() + 1, lastActivity)) });
    }
    return entries.map((entry, i) => ({
      card: c.id,
      list: entry.list,
      enteredAt: entry.at,
      leftAt: entries[i + 1]?.at ?? null,
    }));
  });
}
