import { z } from 'zod';
import type { ActivityTemplate, NotificationTemplate } from './feed-templates';

export const pageQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(50),
  before: z.iso.datetime({ offset: true }).optional(),
});
export type PageQuery = z.infer<typeof pageQuerySchema>;

export const ACTION_TYPES = [
  'CREATE_BOARD',
  'UPDATE_BOARD',
  'ARCHIVE_BOARD',
  'UNARCHIVE_BOARD',
  'CREATE_LIST',
  'UPDATE_LIST',
  'DELETE_LIST',
  'MOVE_LIST',
  'CREATE_CARD',
  'UPDATE_CARD',
  'DELETE_CARD',
  'COPY_CARD',
  'MOVE_CARD',
  'ADD_LABEL',
  'REMOVE_LABEL',
  'ADD_CARD_MEMBER',
  'REMOVE_CARD_MEMBER',
  'ADD_ATTACHMENT',
  'REMOVE_ATTACHMENT',
  'CREATE_LABEL',
  'UPDATE_LABEL',
  'DELETE_LABEL',
  'CREATE_CHECKLIST',
  'UPDATE_CHECKLIST',
  'DELETE_CHECKLIST',
  'CREATE_CHECKLIST_ITEM',
  'UPDATE_CHECKLIST_ITEM',
  'DELETE_CHECKLIST_ITEM',
  'CREATE_COMMENT',
  'UPDATE_COMMENT',
  'DELETE_COMMENT',
  'ADD_MEMBER',
  'REMOVE_MEMBER',
  'INVITE_MEMBER',
  'JOIN_BOARD',
  'UNDO_DELETE',
] as const;
export type ActionType = (typeof ACTION_TYPES)[number];

export interface Activity {
  _id: string;
  actionType: ActionType;
  boardId: string;
  boardTitle: string;
  userId: { _id: string; name: string } | null;
  /** A change made by a rule: its `_id` and `name` (then `userId` is null; docs/automation.md). */
  rule: { _id: string; name: string } | null;
  /** HTML built from escaped user text only: the English words of `template`, values in <strong>. */
  description: string;
  /** What the entry says, by id (feed-templates.ts) with its values; null for older entries. */
  template: ActivityTemplate | null;
  params: Record<string, string> | null;
  createdAt: string;
  timestamp: string;
}

export interface Notification {
  _id: string;
  /** Plain text: the English words of `template` with its values. */
  text: string;
  /** What the notification says, by id (feed-templates.ts) with its values; null for older ones. */
  template: NotificationTemplate | null;
  params: Record<string, string> | null;
  boardId: string | null;
  read: boolean;
  createdAt: string;
}

/** Answer of POST /api/notifications/mark-as-read. */
export interface MarkAsReadResult {
  updated: number;
}

export interface Comment {
  _id: string;
  cardId: string;
  text: string;
  createdAt: string;
  updatedAt: string;
  userId: { _id: string; name: string; profilePictureUrl: string | null; avatarUrl: string };
  /** Grows with every update of this object; sent back as `If-Match` (docs/api.md, "Revisions"). */
  revision: number;
}
