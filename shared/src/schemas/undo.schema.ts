import { z } from 'zod';
import type { BoardEventBody } from '../events/socket-events';

/** How long a deletion can be undone on the server, and how long the button shows (docs/api.md, "Undo"). */
export const UNDO_DEFAULT_SECONDS = 30;
export const UNDO_TOAST_MS = 10_000;

/** What a deletion can be undone for. */
export const UNDO_KINDS = ['card', 'list', 'checklist', 'comment'] as const;
export type UndoKind = (typeof UNDO_KINDS)[number];

/** An undo token: 32 random bytes as base64url (43 characters), handed out once by a delete. */
export const undoTokenSchema = z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'must be an undo token');

/** The answer of a delete that can be undone: its usual answer and the token (docs/api.md, "Undo"). */
export type Undoable<T> = T & { undoToken: string };

/**
 * `POST /api/undo/{undoToken}`: what came back, as the one board event the undo published
 * (`card.created`, `list.created` with its cards, `card.updated` for a checklist, `comment.created`).
 */
export type UndoAnswer = BoardEventBody & { boardId: string; kind: UndoKind };
