import { z } from 'zod';

/** A board as the administrator's global board management lists it (GET /api/admin/boards). */
export const adminBoardSchema = z.object({
  _id: z.string(),
  title: z.string(),
  createdAt: z.string(),
  isArchived: z.boolean(),
  /** Null once the owner's account is gone. */
  ownerId: z.object({ _id: z.string(), name: z.string(), email: z.string() }).nullable(),
});
export type AdminBoard = z.infer<typeof adminBoardSchema>;

/** New accounts on one day (`YYYY-MM-DD` in the server's time zone): GET /api/admin/stats/user-growth. */
export const userGrowthDaySchema = z.object({ day: z.string(), newUsers: z.number().int() });
export type UserGrowthDay = z.infer<typeof userGrowthDaySchema>;
