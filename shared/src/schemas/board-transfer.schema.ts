import { z } from 'zod';
import { LANES_PER_BOARD, wipLimitSchema, wipModeSchema } from './lanes.schema';
import { listStageSchema } from './insights.schema';
import { LIMITS } from '../constants';
import { optionalText, requiredText } from './common.schema';
import { FIELD_LIMITS, FIELD_TYPES } from './fields.schema';

/** What a board import may hold, refused with a 4xx past any of these (docs/api.md, "Export and import"). */
export const TRANSFER_LIMITS = {
  /** The uploaded file (JSON or ZIP), MiB counted as in ATTACHMENT_MAX_MB. */
  fileBytes: 20 * 1024 * 1024,
  lists: 500,
  cards: 5_000,
  /** Stays in the cards' history (docs/insights.md, "The card history"). */
  history: 200_000,
  labels: 50,
  checklists: 10_000,
  checklistItems: 50_000,
  comments: 20_000,
  /** Files carried in a ZIP export, and their bytes once inflated (the zip-bomb guard). */
  zipEntries: 2_000,
  zipInflatedBytes: 200 * 1024 * 1024,
  /** The JSON document inside a ZIP, inflated: no more than a plain JSON upload may be. */
  jsonBytes: 20 * 1024 * 1024,
  /**
   * Counted in the text before it is parsed: parsed JSON takes up to ~21× its text in memory
   * (`[{},{},…]`), so the values (objects, arrays, strings, numbers, booleans, nulls) are bounded
   * as well as the bytes; a Papan export of 5,000 cards, 50,000 checklist items and 20,000
   * comments holds ~400,000.
   */
  jsonValues: 1_000_000,
  /** How deep arrays and objects may nest (Papan and Trello exports nest fewer than 10 deep). */
  jsonDepth: 64,
  /** A file is read (inflated, parsed, checked) in a worker of its own, given this time and heap. */
  readSeconds: 30,
  readMemoryMb: 256,
  /** Imports read at once: one per person (per server instance) and this many per instance. */
  importsAtOnce: 2,
  /** Imports a person may start per window, counted in the database across instances. */
  importsPerWindow: 20,
  importWindowSeconds: 10 * 60,
} as const;

export const EXPORT_FORMATS = ['json', 'csv', 'zip'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export const exportQuerySchema = z.object({ format: z.enum(EXPORT_FORMATS).default('json') });
export type ExportQuery = z.infer<typeof exportQuerySchema>;

/** The `format` of a Papan board export; `version` grows when its shape changes. */
export const PAPAN_EXPORT_FORMAT = 'papan.board';
export const PAPAN_EXPORT_VERSION = 1;
/** In a ZIP export: the board JSON, and each attachment's bytes under `files/<attachment id>`. */
export const ZIP_BOARD_ENTRY = 'board.json';
export const zipFileEntry = (attachmentId: string) => `files/${attachmentId}`;

const ref = z.string().min(1, 'must not be empty').max(100, 'must be at most 100 characters');
const isoDate = z.iso.datetime({ offset: true, message: 'must be an ISO 8601 date and time' });
const colour = z.string().regex(/^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/, 'must be a hex colour like #7dd3fc');
const person = z.object({
  name: requiredText(LIMITS.name),
  email: z.string().trim().toLowerCase().max(LIMITS.email, `must be at most ${LIMITS.email} characters`),
});
const commentText = z
  .string()
  .max(LIMITS.comment, `must be at most ${LIMITS.comment} characters`)
  .refine((s) => s.trim().length > 0, 'must not be empty');

export const papanExportAttachmentSchema = z.object({
  id: ref,
  name: requiredText(255),
  mimeType: z.string().max(255),
  size: z.number().int().min(0),
  isImage: z.boolean(),
  createdAt: isoDate,
});

export const papanExportCardSchema = z.object({
  id: ref,
  title: requiredText(LIMITS.title),
  description: optionalText(LIMITS.description),
  createdAt: isoDate,
  dueAt: isoDate.nullable(),
  dueComplete: z.boolean(),
  /** Ids of the board's `labels`, in the order they were put on the card. */
  labels: z.array(ref).max(TRANSFER_LIMITS.labels),
  /** E-mail addresses of the board's `members`. */
  members: z.array(z.string().max(LIMITS.email)).max(1_000),
  checklists: z.array(
    z.object({
      title: requiredText(LIMITS.title),
      items: z.array(z.object({ text: requiredText(LIMITS.title), isCompleted: z.boolean() })),
    }),
  ),
  comments: z.array(z.object({ author: person.nullable(), text: commentText, createdAt: isoDate })),
  attachments: z.array(papanExportAttachmentSchema),
  /** The id of one of `attachments`, shown on the card's face. */
  cover: ref.nullable(),
  /** The id of one of the board's `lanes`, or null: the default lane (docs/lanes.md). */
  lane: ref.nullable().default(null),
  /** A template card (docs/product.md, "Templates"); exports before templates have none. */
  isTemplate: z.boolean().default(false),
  /**
   * Its custom field values by the id of one of the board's `fields`; a select's value is the id
   * of one of that field's options (docs/fields.md). Exports before custom fields have none.
   */
  fields: z
    .record(ref, z.union([z.string().max(FIELD_LIMITS.url), z.number(), z.boolean()]))
    .refine((v) => Object.keys(v).length <= FIELD_LIMITS.perBoard, {
      message: `must hold at most ${FIELD_LIMITS.perBoard} values`,
    })
    .default({}),
});

/** A board's custom field in an export, in the board's order (docs/fields.md). */
export const papanExportFieldSchema = z.object({
  id: ref,
  name: requiredText(FIELD_LIMITS.name),
  type: z.enum(FIELD_TYPES, `must be one of ${FIELD_TYPES.join(', ')}`),
  /** A select's options in order; empty for the other types. */
  options: z
    .array(z.object({ id: ref, name: requiredText(FIELD_LIMITS.optionName), color: colour }))
    .max(FIELD_LIMITS.options, `must hold at most ${FIELD_LIMITS.options} options`)
    .default([]),
  showOnCard: z.boolean().default(false),
});

export const papanExportStaySchema = z
  .object({ cardId: ref, listId: ref, enteredAt: isoDate, leftAt: isoDate.nullable() })
  .refine((stay) => stay.leftAt === null || Date.parse(stay.leftAt) >= Date.parse(stay.enteredAt), {
    message: 'must not be before enteredAt',
    path: ['leftAt'],
  });

/** A Papan board export (GET /api/boards/{id}/export?format=json), and what the import reads. */
export const papanExportSchema = z.object({
  format: z.literal(PAPAN_EXPORT_FORMAT),
  version: z.literal(PAPAN_EXPORT_VERSION),
  exportedAt: isoDate,
  board: z.object({
    title: requiredText(LIMITS.title),
    description: optionalText(LIMITS.description),
    /** Offered in "Create board → From a template" (exports before templates have none). */
    isTemplate: z.boolean().default(false),
  }),
  labels: z
    .array(z.object({ id: ref, name: requiredText(LIMITS.labelName), color: colour }))
    .max(TRANSFER_LIMITS.labels, `must hold at most ${TRANSFER_LIMITS.labels} labels`),
  members: z.array(person).max(1_000),
  /** The board's custom fields in order (exports before custom fields have none). */
  fields: z
    .array(papanExportFieldSchema)
    .max(FIELD_LIMITS.perBoard, `must hold at most ${FIELD_LIMITS.perBoard} fields`)
    .default([]),
  /** The board's swimlanes in order (exports before lanes have none). */
  lanes: z
    .array(z.object({ id: ref, title: requiredText(LIMITS.title) }))
    .max(LANES_PER_BOARD, `must hold at most ${LANES_PER_BOARD} lanes`)
    .default([]),
  lists: z
    .array(
      z.object({
        /** The id `history` names the list by (exports before the history have none). */
        id: ref.optional(),
        title: requiredText(LIMITS.title),
        stage: listStageSchema.default(null),
        wipLimit: wipLimitSchema.default(null),
        wipMode: wipModeSchema.default('soft'),
        cards: z.array(papanExportCardSchema).max(TRANSFER_LIMITS.cards),
      }),
    )
    .max(TRANSFER_LIMITS.lists, `must hold at most ${TRANSFER_LIMITS.lists} lists`),
  /**
   * Where each card has been, deleted cards and lists too (their ids then name nothing else in the
   * file). Without it, the imported cards' history starts at the import.
   */
  history: z
    .array(papanExportStaySchema)
    .max(TRANSFER_LIMITS.history, `must hold at most ${TRANSFER_LIMITS.history} stays`)
    .optional(),
});
export type PapanExport = z.infer<typeof papanExportSchema>;
export type PapanExportCard = z.infer<typeof papanExportCardSchema>;
export type PapanExportAttachment = z.infer<typeof papanExportAttachmentSchema>;
export type PapanExportField = z.infer<typeof papanExportFieldSchema>;
