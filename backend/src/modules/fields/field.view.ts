import type { BoardField } from '@papan/shared';
import type { boardFields } from '../../database/schema';

export type FieldRow = typeof boardFields.$inferSelect;

/** The API shape of a field row (the board reads, the field calls, their events). */
export const toField = (f: FieldRow): BoardField => ({
  _id: f.id,
  boardId: f.boardId,
  name: f.name,
  type: f.type,
  options: f.options,
  showOnCard: f.showOnCard,
  position: f.position,
});
