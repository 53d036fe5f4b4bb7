import { z } from 'zod';
import { idSchema } from './common.schema';

const MAX_ITEMS = 5_000;
const ref = z.union([idSchema, z.object({ _id: idSchema }).transform((o) => o._id)]);

/** Reading A: the new full order of a board's lists. */
export const dndListsSchema = z.object({
  boardId: idSchema,
  orderedLists: z.array(ref).min(1).max(MAX_ITEMS),
});
export type DndListsInput = z.infer<typeof dndListsSchema>;

const listOrder = z.object({ _id: idSchema, cards: z.array(ref).max(MAX_ITEMS) });

/** Reading A: the new full card order of the source and destination lists. */
export const dndCardSchema = z.object({
  boardId: idSchema,
  sourceList: listOrder,
  destList: listOrder,
});
export type DndCardInput = z.infer<typeof dndCardSchema>;

const index = z.number().int().min(0).max(MAX_ITEMS);

/** Reading B (`PUT /api/boards/{id}/dnd`): one card move by index, or list positions. */
export const boardDndSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('card'),
    cardId: idSchema,
    sourceListId: idSchema,
    destListId: idSchema,
    oldPosition: index.optional(),
    /**
     * With `destLaneId` (a lane of the board, or null for the default lane) the card also changes
     * lanes, and `newPosition` is its index among the destination cell's cards (docs/lanes.md).
     */
    destLaneId: idSchema.nullable().optional(),
    newPosition: index,
  }),
  z.object({
    type: z.literal('lists'),
    lists: z
      .array(z.object({ _id: idSchema, position: z.number().finite() }))
      .min(1)
      .max(MAX_ITEMS),
  }),
]);
export type BoardDndInput = z.infer<typeof boardDndSchema>;
