import type { Comment } from '../schemas/feed.schema';
import type { BoardEventBody } from '../events/socket-events';

export type CommentEvent = Extract<
  BoardEventBody,
  { type: 'comment.created' | 'comment.updated' | 'comment.deleted' }
>;

/** Whether a board event is one of a card's comments. */
export const isCommentEvent = (event: { type: string }): event is CommentEvent =>
  event.type.startsWith('comment.');

/**
 * How a comment event changes a card's comment list (newest first). Comments are not part of the
 * board read, so this is their `applyEvent`: the open card's list applies the socket's events and
 * the author's own answers with it, and applying one twice changes nothing.
 */
export function applyCommentEvent(comments: readonly Comment[], event: CommentEvent): Comment[] {
  const rest = comments.filter((other) => other._id !== event.payload._id);
  if (event.type === 'comment.deleted') return rest;
  const comment = event.payload;
  if (rest.length === comments.length) {
    if (event.type !== 'comment.created') return [...comments];
    // Newest first; a comment brought back by an undo goes back to its place among older ones.
    const at = comments.findIndex((other) => other.createdAt <= comment.createdAt);
    return at < 0 ? [...comments, comment] : [...comments.slice(0, at), comment, ...comments.slice(at)];
  }
  return comments.map((other) => (other._id === comment._id ? comment : other));
}
