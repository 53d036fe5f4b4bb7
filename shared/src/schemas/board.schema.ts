import type { Attachment } from './attachment.schema';
import type { BoardField, CardFields } from './fields.schema';
import { z } from 'zod';
import type { ListStage } from './insights.schema';
import type { Lane, WipMode } from './lanes.schema';
import { LIMITS } from '../constants';
import { emailSchema, optionalText, requiredText } from './common.schema';

export const createBoardSchema = z.object({
  title: requiredText(LIMITS.title),
  description: optionalText(LIMITS.description).optional(),
});
export type CreateBoardInput = z.infer<typeof createBoardSchema>;

export const updateBoardSchema = z
  .object({
    title: requiredText(LIMITS.title).optional(),
    description: optionalText(LIMITS.description).optional(),
    linkJoining: z.boolean().optional(),
    /** Offered in "Create board → From a template" (docs/product.md, "Templates"). */
    isTemplate: z.boolean().optional(),
  })
  .refine((v) => Object.values(v).some((value) => value !== undefined), { message: 'nothing to update' });
export type UpdateBoardInput = z.infer<typeof updateBoardSchema>;

/** Which cards `POST /api/boards/{id}/copy` takes along (docs/api.md, "Templates and board copy"). */
export const BOARD_COPY_CARDS = ['none', 'templates', 'all'] as const;
export type BoardCopyCards = (typeof BOARD_COPY_CARDS)[number];
export const copyBoardSchema = z.object({
  title: requiredText(LIMITS.title),
  cards: z.enum(BOARD_COPY_CARDS, 'must be none, templates or all'),
});
export type CopyBoardInput = z.infer<typeof copyBoardSchema>;

export const inviteMemberSchema = z.object({ email: emailSchema });
export type InviteMemberInput = z.infer<typeof inviteMemberSchema>;

/** Answer of an invitation: the new (or existing) member, or `pending` for an unknown e-mail. */
export interface InviteMemberResult {
  message: string;
  member?: UserRef;
  pending?: true;
}

/** Answer of joining a board: the caller as a member. */
export interface JoinBoardResult {
  message: string;
  member: UserRef;
}

export interface RemoveMemberResult {
  message: string;
  _id: string;
}

export interface UserRef {
  _id: string;
  name: string;
  email: string;
  avatarUrl: string;
}

export interface Label {
  _id: string;
  boardId: string;
  name: string;
  color: string;
  isDefault: boolean;
}

export interface ChecklistItem {
  _id: string;
  checklistId: string;
  text: string;
  isCompleted: boolean;
  /** Grows with every update of this object; sent back as `If-Match` (docs/api.md, "Revisions"). */
  revision: number;
}

export interface Checklist {
  _id: string;
  cardId: string;
  title: string;
  items: ChecklistItem[];
  /** Grows with every update of this object; sent back as `If-Match` (docs/api.md, "Revisions"). */
  revision: number;
}

export interface Card {
  _id: string;
  boardId: string;
  listId: string;
  title: string;
  description: string;
  position: number;
  labels: Label[];
  checklists: Checklist[];
  /**
   * When the card is due (ISO 8601), or null; and whether that is done (docs/api.md,
   * "Due dates, card members and reminders").
   */
  dueAt: string | null;
  dueComplete: boolean;
  /**
   * The board members working on the card, by id, in the order they were added (docs/api.md,
   * "Due dates, card members and reminders").
   */
  memberIds: string[];
  /**
   * The card's files (docs/api.md, "Attachments"), oldest first, and the image shown on its face
   * (one of them), or null.
   */
  attachments: Attachment[];
  coverAttachmentId: string | null;
  /** The card's swimlane, or null for the board's default lane (docs/lanes.md). */
  laneId: string | null;
  /**
   * A template: left out of counts, WIP limits, insights and the filter's results, and offered
   * when adding a card (docs/product.md, "Templates").
   */
  isTemplate: boolean;
  /** Its values of the board's custom fields, by field id (docs/fields.md). */
  fields: CardFields;
  /** Grows with every update of this object; sent back as `If-Match` (docs/api.md, "Revisions"). */
  revision: number;
  createdAt: string;
  updatedAt: string;
}

export interface List {
  _id: string;
  boardId: string;
  title: string;
  position: number;
  /** Its stage of the flow, or null (docs/insights.md, "Stages"). */
  stage: ListStage | null;
  /** Its work-in-progress limit (open cards in every lane), or null, and how it holds (docs/lanes.md). */
  wipLimit: number | null;
  wipMode: WipMode;
  /** Grows with every update of this object; sent back as `If-Match` (docs/api.md, "Revisions"). */
  revision: number;
  cards: Card[];
}

/** A board in lists of boards (home, projects, archived). */
export interface BoardSummary {
  _id: string;
  title: string;
  description: string;
  createdAt: string;
  updatedAt: string;
  ownerId: UserRef;
  members: UserRef[];
  isPinned: boolean;
  isArchived: boolean;
  linkJoining: boolean;
  /** Offered in "Create board → From a template" (docs/product.md, "Templates"). */
  isTemplate: boolean;
  /** Grows with every update of this object; sent back as `If-Match` (docs/api.md, "Revisions"). */
  revision: number;
}

/** The whole board in one answer (docs/api.md, "GET /api/boards/{id}"). */
export interface BoardDetail extends BoardSummary {
  version: number;
  labels: Label[];
  /** The board's custom fields in order (docs/fields.md). */
  fields: BoardField[];
  /** The board's swimlanes in order; none means the board has no grid (docs/lanes.md). */
  lanes: Lane[];
  lists: List[];
}
