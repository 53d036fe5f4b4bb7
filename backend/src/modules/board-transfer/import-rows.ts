import { randomUUID } from 'node:crypto';
import { LIMITS, POSITION_GAP, type CardFields } from '@papan/shared';
import type { attachments, boardMembers, boards, cardHistory, comments } from '../../database/schema';
import type { BoardContentRows } from '../boards/board-content-writer.repository';
import type { ImportPlan, PlanAttachment, PlanPerson, PlanStay, PlanValue } from './import-plan';

/** An account a person of the file was matched to. */
export interface MatchedUser {
  id: string;
  name: string;
  email: string;
}

/** A file of the plan, stored as blobs before the transaction. */
export interface StoredAttachment {
  blobId: string;
  thumbnailBlobId: string | null;
  size: number;
  isImage: boolean;
  mimeType: string;
  name: string;
}

/** Every row of the new board, ids made here so that no insert waits for another's answer. */
export interface ImportRows extends BoardContentRows {
  board: typeof boards.$inferInsert & { id: string };
  members: (typeof boardMembers.$inferInsert)[];
  comments: (typeof comments.$inferInsert)[];
  attachments: (typeof attachments.$inferInsert)[];
  /** Null: the triggers' history (the import as each card's entry) stays. */
  history: (typeof cardHistory.$inferInsert)[] | null;
}

/** Text cut to `max` characters (an import never fails on what it adds itself). */
const within = (text: string, max: number) =>
  [...text].length <= max ? text : [...text].slice(0, max).join('');
const day = (d: Date) => d.toISOString().slice(0, 10);

/**
 * The rows of a plan for `owner`. People matched by e-mail become board and card members; others
 * are named at the end of the card's description. Comments by anyone but the importer are the
 * importer's, their text prefixed with the original author and date (docs/decisions.md). Checklists,
 * items, labels and card members are read back by creation time, so each gets its own, in order.
 */
export function importRows(
  plan: ImportPlan,
  owner: MatchedUser,
  matched: Map<string, MatchedUser>,
  stored: Map<PlanAttachment, StoredAttachment>,
  now = new Date(),
): ImportRows {
  const boardId = randomUUID();
  // Placeholders, given consecutive milliseconds ending now once every row is built.
  const stamps: Date[] = [];
  const next = () => {
    const stamp = new Date(0);
    stamps.push(stamp);
    return stamp;
  };
  const userOf = (p: PlanPerson | null) => (p?.email ? matched.get(p.email.toLowerCase()) : undefined);

  const rows: ImportRows = {
    board: {
      id: boardId,
      title: plan.title,
      description: plan.description,
      isTemplate: plan.isTemplate,
      ownerId: owner.id,
    },
    members: [owner.id, ...new Set([...matched.values()].map((u) => u.id))]
      .filter((id, i, all) => all.indexOf(id) === i)
      .map((userId) => ({ boardId, userId, createdAt: next() })),
    labels: [],
    fields: [],
    lanes: [],
    lists: [],
    cards: [],
    cardLabels: [],
    cardMembers: [],
    checklists: [],
    items: [],
    comments: [],
    attachments: [],
    history: null,
  };
  // The plan's keys as the new board's ids; a key nothing in the plan has (a deleted card or list)
  // gets an id of its own, the same for each of its stays.
  const idOf = new Map<string, string>();
  const idFor = (map: Map<string, string>, key: string) => {
    let found = map.get(key);
    if (!found) map.set(key, (found = randomUUID()));
    return found;
  };
  const listIdOf = new Map<string, string>();
  const labelIds = plan.labels.map((l) => {
    const id = randomUUID();
    rows.labels.push({ id, boardId, name: l.name, color: l.color, isDefault: false, createdAt: next() });
    return id;
  });
  plan.fields.forEach((field, position) =>
    rows.fields.push({
      id: randomUUID(),
      boardId,
      name: field.name,
      type: field.type,
      options: field.options.map((option) => ({ _id: randomUUID(), ...option })),
      showOnCard: field.showOnCard,
      position,
    }),
  );
  // A select's value is its option's index in the plan: the new option's id here.
  const cardFields = (values: PlanValue[]): CardFields =>
    Object.fromEntries(
      values.map(({ field, value }) => {
        const row = rows.fields[field]!;
        return [row.id, row.type === 'select' ? row.options![value as number]!._id : value];
      }),
    );
  const laneIdOf = new Map<string, string>();
  plan.lanes.forEach((lane, i) =>
    rows.lanes.push({
      id: idFor(laneIdOf, lane.key),
      boardId,
      title: lane.title,
      position: POSITION_GAP * (i + 1),
    }),
  );
  plan.lists.forEach((list, li) => {
    const listId = idFor(listIdOf, list.key);
    rows.lists.push({
      id: listId,
      boardId,
      title: list.title,
      stage: list.stage,
      wipLimit: list.wipLimit,
      wipMode: list.wipMode,
      position: POSITION_GAP * (li + 1),
    });
    list.cards.forEach((card, ci) => {
      const cardId = idFor(idOf, card.key);
      const users = card.members.map(userOf);
      const unmatched = card.members.filter((_, i) => !users[i]).map((p) => p.name);
      const mention = unmatched.length
        ? `Members in ${plan.source}: ${[...new Set(unmatched)].join(', ')}`
        : '';
      const description = mention
        ? within(card.description ? `${card.description}\n\n${mention}` : mention, LIMITS.description)
        : card.description;
      let coverAttachmentId: string | null = null;
      for (const a of card.attachments) {
        const file = stored.get(a);
        if (!file) continue;
        const id = randomUUID();
        if (a.isCover && file.isImage) coverAttachmentId = id;
        rows.attachments.push({ id, boardId, cardId, uploadedBy: owner.id, createdAt: a.createdAt, ...file });
      }
      rows.cards.push({
        id: cardId,
        boardId,
        listId,
        laneId: card.lane === null ? null : (laneIdOf.get(card.lane) ?? null),
        title: card.title,
        description,
        position: POSITION_GAP * (ci + 1),
        dueAt: card.dueAt,
        dueComplete: card.dueComplete,
        coverAttachmentId,
        isTemplate: card.isTemplate,
        fields: cardFields(card.fields),
        createdBy: owner.id,
        createdAt: card.createdAt,
      });
      for (const i of card.labels) rows.cardLabels.push({ cardId, labelId: labelIds[i], createdAt: next() });
      for (const userId of new Set(users.flatMap((u) => (u ? [u.id] : []))))
        rows.cardMembers.push({ cardId, userId, createdAt: next() });
      for (const k of card.checklists) {
        const checklistId = randomUUID();
        rows.checklists.push({ id: checklistId, boardId, cardId, title: k.title, createdAt: next() });
        for (const item of k.items)
          rows.items.push({ checklistId, text: item.text, isCompleted: item.isCompleted, createdAt: next() });
      }
      for (const c of card.comments) {
        const mine = c.author?.email?.toLowerCase() === owner.email.toLowerCase();
        const by = `**${c.author?.name ?? 'Deleted user'}** (${plan.source}, ${day(c.createdAt)}): `;
        rows.comments.push({
          boardId,
          cardId,
          userId: owner.id,
          text: mine ? c.text : within(by + c.text, LIMITS.comment),
          createdAt: c.createdAt,
        });
      }
    });
  });
  rows.history =
    plan.history &&
    historyRows(plan.history, boardId, (stay) => ({
      cardId: idFor(idOf, stay.card),
      listId: idFor(listIdOf, stay.list),
    }));
  const start = now.getTime() - stamps.length;
  stamps.forEach((stamp, i) => stamp.setTime(start + i));
  return rows;
}

/**
 * The stays as rows, each naming the list of the card's stay before it and after it (the triggers
 * write the same for changes made in Papan; docs/insights.md, "The card history").
 */
function historyRows(
  stays: PlanStay[],
  boardId: string,
  ids: (stay: PlanStay) => { cardId: string; listId: string },
): (typeof cardHistory.$inferInsert)[] {
  const byCard = new Map<string, (typeof cardHistory.$inferInsert & { listId: string })[]>();
  for (const stay of stays) {
    const row = { boardId, ...ids(stay), enteredAt: stay.enteredAt, leftAt: stay.leftAt };
    const rows = byCard.get(row.cardId) ?? [];
    rows.push(row);
    byCard.set(row.cardId, rows);
  }
  return [...byCard.values()].flatMap((rows) =>
    rows
      .sort((a, b) => a.enteredAt.getTime() - b.enteredAt.getTime())
      .map((row, i) => ({
        ...row,
        fromListId: rows[i - 1]?.listId ?? null,
        toListId: rows[i + 1]?.listId ?? null,
      })),
  );
}
