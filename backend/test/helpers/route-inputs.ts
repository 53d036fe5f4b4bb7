import type { BoardIds } from './board-world';

export { listRouteInputs, type RouteInputs } from './routes';

/** The ids a route's path parameters are filled with. */
export interface PathIds extends BoardIds {
  /** A user the route may act on (member removal, admin role change or deletion). */
  userId: string;
  /** A login session of the caller that may be revoked. */
  sessionId: string;
}

const NO_SUCH_TOKEN = '00000000-0000-4000-8000-00000000000a';

/** Fills ':id'-style parameters with the id of the thing the path names (`/api/cards/:id` → a card). */
export function fillPath(path: string, ids: PathIds, override: Record<string, string> = {}): string {
  const segments = path.split('/');
  return segments
    .map((segment, i) => {
      if (!segment.startsWith(':')) return segment;
      const name = segment.slice(1);
      if (name in override) return encodeURIComponent(override[name]);
      if (name === 'itemId') return ids.itemId;
      if (name === 'labelId') return ids.labelId;
      if (name === 'userId') return ids.userId;
      // A well-formed undo token nobody was given: 404.
      if (name === 'token') return 'A'.repeat(43);
      // No webhook in a seeded world: a well-formed id that answers 404.
      if (name === 'hid') return '00000000-0000-4000-8000-000000000000';
      const owner = segments[i - 1];
      const byCollection: Record<string, string> = {
        boards: ids.boardId,
        lists: ids.listId,
        cards: ids.cardId,
        comments: ids.commentId,
        labels: ids.labelId,
        checklists: ids.checklistId,
        attachments: ids.attachmentId,
        lanes: ids.laneId,
        rules: ids.ruleId,
        fields: ids.fieldId,
        users: ids.userId,
        sessions: ids.sessionId,
        // No test token to spare: an id nobody has, whose revocation answers 404.
        tokens: NO_SUCH_TOKEN,
      };
      const id = byCollection[owner];
      if (!id) throw new Error(`fillPath: no id for ${segment} in ${path}`);
      return id;
    })
    .join('/');
}
