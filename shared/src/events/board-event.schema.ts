import { z } from 'zod';
import { listStageSchema } from '../schemas/insights.schema';
import { wipModeSchema, type Lane } from '../schemas/lanes.schema';
import { FIELD_TYPES, type BoardField } from '../schemas/fields.schema';
import { ruleActionSchema, ruleTriggerSchema, type Rule } from '../schemas/rules.schema';
import type { ChecklistTotals } from '../board/compact-board';
import type { Attachment } from '../schemas/attachment.schema';
import type {
  BoardSummary,
  Card,
  Checklist,
  ChecklistItem,
  Label,
  List,
  UserRef,
} from '../schemas/board.schema';
import type { Comment } from '../schemas/feed.schema';
import {
  BOARD_EVENT_TYPES,
  type BoardEvent,
  type BoardEventOf,
  type BoardEventPayloads,
  type BoardEventType,
} from './socket-events';

/**
 * The board events of docs/realtime.md ("Event reference") as zod schemas: one per type, and
 * `boardEventSchema`, their union on `type`. What every channel sends (socket, `/stream`, SSE,
 * webhooks, the event log) is checked against them, and so is what the browser receives. The
 * TypeScript types stay in socket-events.ts; the compile-time checks at the end of this file prove
 * that each schema accepts exactly its type (same fields, each assignable both ways).
 *
 * Objects are not strict: a field the schema does not know is dropped from what `parse` answers,
 * not refused, so a reader on an older version of this package still takes a newer server's events.
 */

/** Ids are uuid strings; checked as non-empty strings here (a uuid check on every id of a move costs). */
const id = z.string().min(1);
/** Every time is ISO 8601, as `Date.toISOString()` writes it. */
const time = z.iso.datetime({ offset: true });
const count = z.number().int().min(0);
/**
 * An object's revision (docs/api.md, "Revisions"). Events logged before revisions existed have
 * none: they read as 1, which is what every object had right after that migration
 * (docs/decisions.md, "Revisions and If-Match").
 */
const revision = z.number().int().min(1).default(1);

const userRefSchema = z.object({ _id: id, name: z.string(), email: z.string(), avatarUrl: z.string() });

const labelSchema = z.object({
  _id: id,
  boardId: id,
  name: z.string(),
  color: z.string(),
  isDefault: z.boolean(),
});

const fieldSchema = z.object({
  _id: id,
  boardId: id,
  name: z.string(),
  type: z.enum(FIELD_TYPES),
  options: z.array(z.object({ _id: id, name: z.string(), color: z.string() })),
  showOnCard: z.boolean(),
  position: count,
});

const checklistItemSchema = z.object({
  _id: id,
  checklistId: id,
  text: z.string(),
  isCompleted: z.boolean(),
  revision,
});

const checklistSchema = z.object({
  _id: id,
  cardId: id,
  title: z.string(),
  items: z.array(checklistItemSchema),
  revision,
});

const attachmentSchema = z.object({
  _id: id,
  cardId: id,
  name: z.string(),
  size: count,
  mimeType: z.string(),
  isImage: z.boolean(),
  url: z.string(),
  thumbnailUrl: z.string().optional(),
  createdAt: time,
  uploadedBy: id.nullable(),
});

const cardSchema = z.object({
  _id: id,
  boardId: id,
  listId: id,
  title: z.string(),
  description: z.string(),
  position: z.number(),
  labels: z.array(labelSchema),
  checklists: z.array(checklistSchema),
  dueAt: time.nullable(),
  dueComplete: z.boolean(),
  memberIds: z.array(id),
  attachments: z.array(attachmentSchema),
  coverAttachmentId: id.nullable(),
  laneId: id.nullable(),
  isTemplate: z.boolean(),
  /** Events logged before custom fields existed have none: no values. */
  fields: z.record(id, z.union([z.string(), z.number(), z.boolean()])).default({}),
  revision,
  createdAt: time,
  updatedAt: time,
});

const listSchema = z.object({
  _id: id,
  boardId: id,
  title: z.string(),
  position: z.number(),
  stage: listStageSchema,
  wipLimit: count.nullable(),
  wipMode: wipModeSchema,
  revision,
  cards: z.array(cardSchema),
});

const boardSummarySchema = z.object({
  _id: id,
  title: z.string(),
  description: z.string(),
  createdAt: time,
  updatedAt: time,
  ownerId: userRefSchema,
  members: z.array(userRefSchema),
  isPinned: z.boolean(),
  isArchived: z.boolean(),
  linkJoining: z.boolean(),
  isTemplate: z.boolean(),
  revision,
});

const commentSchema = z.object({
  _id: id,
  cardId: id,
  text: z.string(),
  createdAt: time,
  updatedAt: time,
  userId: z.object({
    _id: id,
    name: z.string(),
    profilePictureUrl: z.string().nullable(),
    avatarUrl: z.string(),
  }),
  revision,
});

const totalsSchema = z.object({ total: count, done: count });
const positioned = z.object({ _id: id, position: z.number() });
const onlyId = z.object({ _id: id });
const laneSchema = z.object({ _id: id, title: z.string(), position: z.number() });
const ruleSchema = z.object({
  _id: id,
  boardId: id,
  name: z.string(),
  trigger: ruleTriggerSchema,
  actions: z.array(ruleActionSchema),
  enabled: z.boolean(),
  disabledReason: z.string().nullable(),
  nextRunAt: time.nullable(),
  createdBy: id.nullable(),
  createdAt: time,
  updatedAt: time,
});
const itemOnCard = { cardId: id, progress: totalsSchema.optional() };

/** Each type's payload, as BoardEventPayloads types it. */
const payloadSchemas = {
  'board.created': boardSummarySchema,
  'board.updated': z.object({
    title: z.string(),
    description: z.string(),
    linkJoining: z.boolean(),
    isTemplate: z.boolean(),
    revision,
  }),
  'board.archived': z.object({ isArchived: z.boolean() }),
  'board.unarchived': z.object({ isArchived: z.boolean() }),
  'board.deleted': onlyId,
  'list.created': listSchema,
  'list.updated': z.object({
    _id: id,
    title: z.string(),
    position: z.number(),
    stage: listStageSchema,
    wipLimit: count.nullable(),
    wipMode: wipModeSchema,
    revision,
  }),
  'list.deleted': onlyId,
  'lists.reordered': z.object({ lists: z.array(positioned) }),
  'list.wipExceeded': z.object({ listId: id, count, limit: count }),
  'lane.created': laneSchema,
  'lane.updated': laneSchema,
  'lane.deleted': onlyId,
  'rule.created': ruleSchema,
  'rule.updated': ruleSchema,
  'rule.deleted': onlyId,
  'card.created': cardSchema,
  'card.updated': cardSchema,
  'card.deleted': z.object({ _id: id, listId: id }),
  'card.copied': cardSchema.extend({ copiedFrom: id }),
  'card.moved': z.object({
    cardId: id.nullable(),
    fromListId: id.nullable(),
    toListId: id.nullable(),
    position: z.number().nullable(),
    laneId: id.nullable(),
    cards: z.array(positioned.extend({ listId: id })),
  }),
  'card.labelAdded': z.object({ cardId: id, label: labelSchema }),
  'card.labelRemoved': z.object({ cardId: id, labelId: id }),
  'card.memberAdded': z.object({ cardId: id, userId: id }),
  'card.memberRemoved': z.object({ cardId: id, userId: id }),
  'attachment.added': attachmentSchema.extend({ attachmentCount: count }),
  'attachment.removed': z.object({
    _id: id,
    cardId: id,
    attachmentCount: count,
    coverAttachmentId: id.nullable(),
  }),
  'label.created': labelSchema,
  'label.updated': labelSchema,
  'label.deleted': onlyId,
  'field.created': fieldSchema,
  'field.updated': fieldSchema,
  'field.deleted': onlyId,
  'checklist.created': checklistSchema,
  'checklist.updated': checklistSchema,
  'checklist.deleted': z.object({ _id: id, cardId: id }),
  'checklistItem.created': checklistItemSchema.extend(itemOnCard),
  'checklistItem.updated': checklistItemSchema.extend(itemOnCard),
  'checklistItem.deleted': z.object({ _id: id, checklistId: id, ...itemOnCard }),
  'comment.created': commentSchema,
  'comment.updated': commentSchema,
  'comment.deleted': z.object({ _id: id, cardId: id }),
  'member.added': userRefSchema,
  'member.invited': z.object({ email: z.string() }),
  'member.removed': z.object({ userId: id }),
} satisfies Record<BoardEventType, z.ZodType>;
type PayloadSchemas = typeof payloadSchemas;

/** An event: BoardEventEnvelope, its type and its payload (a parsed copy keeps this field order). */
function eventSchema<K extends BoardEventType>(type: K) {
  return z.object({
    boardId: id,
    version: z.number().int().min(1),
    type: z.literal(type),
    actorId: id.nullable(),
    rule: z.object({ _id: id, name: z.string() }).optional(),
    occurredAt: time.optional(),
    payload: payloadSchemas[type],
  });
}
type EventSchemas = { [K in BoardEventType]: ReturnType<typeof eventSchema<K>> };

/** One schema per board event type: `boardEventSchemas['card.moved'].parse(value)`. */
export const boardEventSchemas = Object.fromEntries(
  BOARD_EVENT_TYPES.map((type) => [type, eventSchema(type)]),
) as EventSchemas;

type AnyEventSchema = EventSchemas[BoardEventType];

/** Any board event: the union of `boardEventSchemas`, told apart by `type`. */
export const boardEventSchema: z.ZodType<BoardEvent> = z.discriminatedUnion(
  'type',
  BOARD_EVENT_TYPES.map((type) => boardEventSchemas[type]) as [AnyEventSchema, ...AnyEventSchema[]],
);

export type BoardEventCheck = { ok: true; event: BoardEvent } | { ok: false; error: string };

/** `payload.cards[3].position`: where in the event an issue is (empty: the event itself). */
function pathOf(path: readonly PropertyKey[]): string {
  return path.reduce<string>(
    (text, key) =>
      typeof key === 'number' ? `${text}[${key}]` : text ? `${text}.${String(key)}` : String(key),
    '',
  );
}

/** Says what is wrong with a value that is not a board event: its type and version, then up to three issues. */
export function describeBoardEventError(value: unknown, error: z.ZodError): string {
  const v = (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>;
  const type = typeof v.type === 'string' ? v.type : null;
  const what = `${type ?? 'event'}${typeof v.version === 'number' ? ` v${v.version}` : ''}`;
  if (type !== null && !(BOARD_EVENT_TYPES as readonly string[]).includes(type))
    return `${what}: type: not a board event type (docs/realtime.md lists them)`;
  const issues = error.issues.slice(0, 3).map((issue) => {
    const path = pathOf(issue.path);
    return path ? `${path}: ${issue.message}` : issue.message;
  });
  const more = error.issues.length > 3 ? ` (and ${error.issues.length - 3} more)` : '';
  return `${what}: ${issues.join('; ')}${more}`;
}

/**
 * Checks a value against `boardEventSchema`. `event` is the parsed copy (fields the schema does not
 * know left out); `error` names the type, the version and the fields at fault.
 */
export function parseBoardEvent(value: unknown): BoardEventCheck {
  const result = boardEventSchema.safeParse(value);
  return result.success
    ? { ok: true, event: result.data }
    : { ok: false, error: describeBoardEventError(value, result.error) };
}

// Compile-time proof that the schemas and the TypeScript types agree: same field names, and each
// assignable to the other. A field added to one and not the other fails `npm run build`.
type Same<A, B> = [A] extends [B]
  ? [B] extends [A]
    ? [keyof A] extends [keyof B]
      ? [keyof B] extends [keyof A]
        ? true
        : false
      : false
    : false
  : false;
type Proven<T extends Record<string, true>> = T;
/** The shapes (a nested field is checked where its shape is). */
export type BoardEventShapesAgree = Proven<{
  userRef: Same<z.infer<typeof userRefSchema>, UserRef>;
  label: Same<z.infer<typeof labelSchema>, Label>;
  field: Same<z.infer<typeof fieldSchema>, BoardField>;
  checklistItem: Same<z.infer<typeof checklistItemSchema>, ChecklistItem>;
  checklist: Same<z.infer<typeof checklistSchema>, Checklist>;
  attachment: Same<z.infer<typeof attachmentSchema>, Attachment>;
  card: Same<z.infer<typeof cardSchema>, Card>;
  list: Same<z.infer<typeof listSchema>, List>;
  boardSummary: Same<z.infer<typeof boardSummarySchema>, BoardSummary>;
  comment: Same<z.infer<typeof commentSchema>, Comment>;
  lane: Same<z.infer<typeof laneSchema>, Lane>;
  rule: Same<z.infer<typeof ruleSchema>, Rule>;
  totals: Same<z.infer<typeof totalsSchema>, ChecklistTotals>;
}>;
/** Every payload and every whole event. */
export type BoardEventSchemasAgree = Proven<{
  [K in BoardEventType]: Same<z.infer<PayloadSchemas[K]>, BoardEventPayloads[K]> extends true
    ? Same<z.infer<EventSchemas[K]>, BoardEventOf<K>>
    : false;
}>;
