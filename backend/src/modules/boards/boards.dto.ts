import { z } from 'zod';

export const boardListQuerySchema = z.object({ limit: z.coerce.number().int().min(1).max(500).default(200) });
export type BoardListQuery = z.infer<typeof boardListQuerySchema>;
