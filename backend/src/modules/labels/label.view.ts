import type { Label } from '@papan/shared';
import type { labels } from '../../database/schema';

/** The API shape of a label row (every read that answers labels: board, card, labels). */
export const toLabel = (l: typeof labels.$inferSelect): Label => ({
  _id: l.id,
  boardId: l.boardId,
  name: l.name,
  color: l.color,
  isDefault: l.isDefault,
});
