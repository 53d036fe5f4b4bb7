import type { Lane } from '@papan/shared';
import type { lanes } from '../../database/schema';

/** The API shape of a lane row (the board reads, the lane calls, their events). */
export const toLane = (l: typeof lanes.$inferSelect): Lane => ({
  _id: l.id,
  title: l.title,
  position: l.position,
});
