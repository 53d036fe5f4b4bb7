import { z } from 'zod';
import { idSchema, ROLES } from '@papan/shared';

/** The admin lists are read whole by the dashboard and filtered in the browser; this caps them. */
export const ADMIN_LIST_MAX = 1000;
/** At most this many users or boards in one bulk delete. */
export const BULK_DELETE_MAX = 500;

export const adminListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(ADMIN_LIST_MAX).default(ADMIN_LIST_MAX),
});
export type AdminListQuery = z.infer<typeof adminListQuerySchema>;

export const updateRoleSchema = z.object({ role: z.enum(ROLES) });
export type UpdateRoleInput = z.infer<typeof updateRoleSchema>;

const idList = z
  .array(idSchema)
  .min(1, 'must name at least one id')
  .max(BULK_DELETE_MAX, `must name at most ${BULK_DELETE_MAX} ids`)
  .transform((ids) => [...new Set(ids)]);

export const bulkUsersSchema = z.object({ userIds: idList });
export const bulkBoardsSchema = z.object({ boardIds: idList });
