import { z } from 'zod';
import { listStageSchema } from './insights.schema';
import { wipLimitSchema, wipModeSchema } from './lanes.schema';
import { cardFieldsInputSchema } from './fields.schema';
import { LIMITS } from '../constants';
import { idSchema, optionalText, requiredText } from './common.schema';

export const createListSchema = z.object({ title: requiredText(LIMITS.title) });
/** `PUT /api/lists/{id}`: any of the fields; what is left out stays as it was. */
export const updateListSchema = z
  .object({
    title: requiredText(LIMITS.title),
    stage: listStageSchema,
    wipLimit: wipLimitSchema,
    wipMode: wipModeSchema,
  })
  .partial()
  .refine((body) => Object.keys(body).length > 0, 'give at least one of title, stage, wipLimit or wipMode');
export type CreateListInput = z.infer<typeof createListSchema>;
export type UpdateListInput = z.infer<typeof updateListSchema>;

export const createCardSchema = z
  .object({
    /** Required, unless the card comes from a template: then it defaults to the template's title. */
    title: requiredText(LIMITS.title).optional(),
    description: optionalText(LIMITS.description).optional(),
    /** The lane the card starts in, a lane of its board; left out or null: the default lane (docs/lanes.md). */
    laneId: idSchema.nullable().optional(),
    /**
     * A template card of the same board: the new card gets its labels, checklists, description
     * and members (docs/api.md, "Templates and board copy").
     */
    templateId: idSchema.optional(),
  })
  .refine((v) => v.title !== undefined || v.templateId !== undefined, {
    message: 'is required',
    path: ['title'],
  });
/**
 * A due time (docs/api.md, "Due dates, card members and reminders"): ISO 8601 with its offset,
 * between the years 2000 and 9999; null removes it.
 */
export const dueAtSchema = z.iso
  .datetime({ offset: true, message: 'must be an ISO 8601 date and time' })
  .refine((v) => {
    const year = new Date(v).getUTCFullYear();
    return year >= 2000 && year <= 9999;
  }, 'must be between the years 2000 and 9999')
  .nullable();

export const updateCardSchema = z
  .object({
    title: requiredText(LIMITS.title).optional(),
    description: optionalText(LIMITS.description).optional(),
    dueAt: dueAtSchema.optional(),
    dueComplete: z.boolean().optional(),
    /**
     * An image attachment of this card becomes its cover; null takes the cover off (docs/api.md,
     * "Attachments").
     */
    coverAttachmentId: idSchema.nullable().optional(),
    /** The card's swimlane, a lane of its board; null puts it in the default lane (docs/lanes.md). */
    laneId: idSchema.nullable().optional(),
    /** A template card (docs/product.md, "Templates"). */
    isTemplate: z.boolean().optional(),
    /** Custom field values by field id, null clears one; fields not named keep theirs (docs/fields.md). */
    fields: cardFieldsInputSchema.optional(),
  })
  .refine((v) => Object.values(v).some((value) => value !== undefined), { message: 'nothing to update' });
export type CreateCardInput = z.infer<typeof createCardSchema>;
export type UpdateCardInput = z.infer<typeof updateCardSchema>;

export const attachLabelSchema = z.object({ labelId: idSchema });
export type AttachLabelInput = z.infer<typeof attachLabelSchema>;

/** POST /api/cards/{id}/members: a member of the card's board (docs/product.md, "Roles and permissions"). */
export const cardMemberSchema = z.object({ userId: idSchema });
export type CardMemberInput = z.infer<typeof cardMemberSchema>;

const hexColor = z
  .string()
  .regex(/^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/, 'must be a hex colour like #7dd3fc');

export const createLabelSchema = z.object({ name: requiredText(LIMITS.labelName), color: hexColor });
export const updateLabelSchema = z
  .object({ name: requiredText(LIMITS.labelName).optional(), color: hexColor.optional() })
  .refine((v) => v.name !== undefined || v.color !== undefined, { message: 'nothing to update' });
export type CreateLabelInput = z.infer<typeof createLabelSchema>;
export type UpdateLabelInput = z.infer<typeof updateLabelSchema>;

export const createChecklistSchema = z.object({ title: requiredText(LIMITS.title) });
export const updateChecklistSchema = z.object({ title: requiredText(LIMITS.title) });
export const createChecklistItemSchema = z.object({ text: requiredText(LIMITS.title) });
export const updateChecklistItemSchema = z
  .object({ isCompleted: z.boolean().optional(), text: requiredText(LIMITS.title).optional() })
  .refine((v) => v.isCompleted !== undefined || v.text !== undefined, { message: 'nothing to update' });
export type CreateChecklistInput = z.infer<typeof createChecklistSchema>;
export type UpdateChecklistInput = z.infer<typeof updateChecklistSchema>;
export type CreateChecklistItemInput = z.infer<typeof createChecklistItemSchema>;
export type UpdateChecklistItemInput = z.infer<typeof updateChecklistItemSchema>;

/** Comment text is kept verbatim (never trimmed or rendered as HTML); whitespace-only is refused. */
export const commentTextSchema = z.object({
  text: z
    .string()
    .max(LIMITS.comment, `must be at most ${LIMITS.comment} characters`)
    .refine((s) => s.trim().length > 0, 'must not be empty'),
});
export type CommentTextInput = z.infer<typeof commentTextSchema>;
