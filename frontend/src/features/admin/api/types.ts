/*
 * The answers of the admin calls that @papan/shared does not describe yet (AdminStats and User are
 * there). They mirror backend/src/modules/admin/admin.dto.ts; move them to the shared package with
 * zod schemas when it gains an admin schema file.
 */

/** A board as GET /api/admin/boards lists it. */
export interface AdminBoard {
  _id: string;
  title: string;
  createdAt: string;
  isArchived: boolean;
  ownerId: { _id: string; name: string; email: string } | null;
}

/** New accounts on one day ('YYYY-MM-DD', the server's time zone). */
export interface UserGrowthDay {
  day: string;
  newUsers: number;
}
