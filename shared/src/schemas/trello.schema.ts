import { z } from 'zod';
import { LIMITS } from '../constants';
import { TRANSFER_LIMITS } from './board-transfer.schema';
import { FIELD_LIMITS } from './fields.schema';

/**
 * The parts of a Trello board export (Board menu → Print, export and share → Export as JSON) that
 * an import reads; everything else in the file is ignored. Text limits are the API's own
 * (docs/api.md, "Text limits").
 */
const id = z.string().min(1, 'must not be empty').max(100, 'must be at most 100 characters');
const pos = z.number({ message: 'must be a number' }).finite();
const date = z.iso.datetime({ offset: true, message: 'must be an ISO 8601 date and time' });
const title = z.string().trim().max(LIMITS.title, `must be at most ${LIMITS.title} characters`);
const description = z.string().max(LIMITS.description, `must be at most ${LIMITS.description} characters`);

export const TRELLO_LABEL_COLORS = {
  // The classic colours, which are also Papan's presets (LABEL_PRESET_COLORS).
  green: '#61bd4f',
  yellow: '#f2d600',
  orange: '#ff9f1a',
  red: '#eb5a46',
  purple: '#c377e0',
  blue: '#0079bf',
  sky: '#00c2e0',
  lime: '#51e898',
  pink: '#ff78cb',
  black: '#344563',
  green_dark: '#1f845a',
  yellow_dark: '#946f00',
  orange_dark: '#c25100',
  red_dark: '#c9372c',
  purple_dark: '#6e5dc6',
  blue_dark: '#0c66e4',
  sky_dark: '#227d9b',
  lime_dark: '#5b7f24',
  pink_dark: '#ae4787',
  black_dark: '#626f86',
  green_light: '#baf3db',
  yellow_light: '#f8e6a0',
  orange_light: '#fedec8',
  red_light: '#ffd5d2',
  purple_light: '#dfd8fd',
  blue_light: '#cce0ff',
  sky_light: '#c6edfb',
  lime_light: '#d3f1a7',
  pink_light: '#fdd0ec',
  black_light: '#dcdfe4',
} as const;
/** A label without a colour (Trello allows one). */
export const TRELLO_NO_COLOR = '#b3bac5';

export const trelloLabelSchema = z.object({
  id,
  name: z
    .string()
    .trim()
    .max(LIMITS.labelName, `must be at most ${LIMITS.labelName} characters`)
    .nullish()
    .transform((s) => s ?? ''),
  color: z.string().max(30).nullish(),
});

export const trelloListSchema = z.object({
  id,
  name: title.min(1, 'must not be empty'),
  closed: z.boolean().default(false),
  pos,
});

export const trelloCardSchema = z.object({
  id,
  name: title.min(1, 'must not be empty'),
  desc: description.default(''),
  closed: z.boolean().default(false),
  idList: id,
  idLabels: z.array(id).max(TRANSFER_LIMITS.labels).default([]),
  idMembers: z.array(id).max(1_000).default([]),
  pos,
  due: date.nullish(),
  dueComplete: z.boolean().default(false),
  dateLastActivity: date.nullish(),
  isTemplate: z.boolean().default(false),
  /** Its custom field values (trelloCustomFieldItemSchema), each read on its own. */
  customFieldItems: z
    .array(z.unknown())
    .max(FIELD_LIMITS.perBoard * 2)
    .default([]),
});

/**
 * A board's custom field: `text`, `number`, `date`, `checkbox` or `list` (a select with its
 * `options`); a field of another type is not imported (docs/fields.md, "From Trello").
 */
export const trelloCustomFieldSchema = z.object({
  id,
  name: z
    .string()
    .max(1_000)
    .nullish()
    .transform((s) => s ?? ''),
  type: z.string().max(30),
  pos: pos.default(0),
  options: z
    .array(
      z.object({
        id,
        value: z.object({ text: z.string().max(1_000).nullish() }).nullish(),
        color: z.string().max(30).nullish(),
        pos: pos.default(0),
      }),
    )
    .max(FIELD_LIMITS.options, `must hold at most ${FIELD_LIMITS.options} options`)
    .default([]),
  display: z.object({ cardFront: z.boolean().nullish() }).loose().nullish(),
});

/**
 * A card's value of a custom field: `value` holds `text`, `number`, `date` or `checked` (all as
 * text), or `idValue` names a `list` field's option. One that does not fit its field is left out.
 */
export const trelloCustomFieldItemSchema = z.object({
  idCustomField: id,
  /** The card, in a board-level `customFieldItems`. */
  idModel: id.nullish(),
  idValue: id.nullish(),
  value: z
    .object({
      text: z.string().nullish(),
      number: z.string().max(100).nullish(),
      date: z.string().max(100).nullish(),
      checked: z.string().max(10).nullish(),
    })
    .nullish(),
});
export type TrelloCustomFieldItem = z.infer<typeof trelloCustomFieldItemSchema>;

export const trelloChecklistSchema = z.object({
  id,
  idCard: id,
  name: title.min(1, 'must not be empty'),
  pos: pos.default(0),
  checkItems: z
    .array(
      z.object({
        name: title.min(1, 'must not be empty'),
        state: z.enum(['complete', 'incomplete']),
        pos: pos.default(0),
      }),
    )
    .default([]),
});

/** An action of type `commentCard`; other actions are not read. */
export const trelloCommentSchema = z.object({
  type: z.literal('commentCard'),
  date,
  data: z.object({
    text: z.string().max(LIMITS.comment, `must be at most ${LIMITS.comment} characters`),
    card: z.object({ id }),
  }),
  memberCreator: z
    .object({ fullName: z.string().max(LIMITS.name).nullish(), username: z.string().max(100).nullish() })
    .nullish(),
});

/**
 * A `createCard` action, or an `updateCard` that moved the card between lists: what the card
 * history is built from (docs/insights.md, "Imported history").
 */
export const trelloListActionSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('createCard'),
    date,
    data: z.object({ card: z.object({ id }), list: z.object({ id }) }),
  }),
  z.object({
    type: z.literal('updateCard'),
    date,
    data: z.object({ card: z.object({ id }), listBefore: z.object({ id }), listAfter: z.object({ id }) }),
  }),
]);
export type TrelloListAction = z.infer<typeof trelloListActionSchema>;

export const trelloMemberSchema = z.object({
  id,
  fullName: z.string().max(LIMITS.name).nullish(),
  username: z.string().max(100).nullish(),
  email: z.string().max(LIMITS.email).nullish(),
});

export const trelloBoardSchema = z.object({
  id,
  name: title.min(1, 'must not be empty'),
  desc: description.default(''),
  labels: z
    .array(trelloLabelSchema)
    .max(TRANSFER_LIMITS.labels, `must hold at most ${TRANSFER_LIMITS.labels} labels`)
    .default([]),
  lists: z
    .array(trelloListSchema)
    .max(TRANSFER_LIMITS.lists, `must hold at most ${TRANSFER_LIMITS.lists} lists`),
  cards: z
    .array(trelloCardSchema)
    .max(TRANSFER_LIMITS.cards, `must hold at most ${TRANSFER_LIMITS.cards} cards`),
  checklists: z.array(trelloChecklistSchema).max(TRANSFER_LIMITS.checklists).default([]),
  /** Every action of the export; only `commentCard` ones are read (trelloCommentSchema). */
  actions: z
    .array(z.object({ type: z.string() }).loose())
    .max(1_000_000)
    .default([]),
  members: z.array(trelloMemberSchema).max(10_000).default([]),
  customFields: z
    .array(trelloCustomFieldSchema)
    .max(FIELD_LIMITS.perBoard, `must hold at most ${FIELD_LIMITS.perBoard} custom fields`)
    .default([]),
  /** Values given at the board's level, by card (`idModel`), as well as on each card. */
  customFieldItems: z
    .array(z.unknown())
    .max(TRANSFER_LIMITS.cards * FIELD_LIMITS.perBoard)
    .default([]),
});
export type TrelloBoard = z.infer<typeof trelloBoardSchema>;
export type TrelloCard = z.infer<typeof trelloCardSchema>;
export type TrelloComment = z.infer<typeof trelloCommentSchema>;
export type TrelloCustomField = z.infer<typeof trelloCustomFieldSchema>;
