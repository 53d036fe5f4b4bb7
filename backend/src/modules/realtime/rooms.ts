/** Room names, defined once: one per board, per user, per login session, and the admins. */
export const rooms = {
  board: (boardId: string) => `board:${boardId}`,
  user: (userId: string) => `user:${userId}`,
  session: (sid: string) => `session:${sid}`,
  admins: 'admins',
  boardIdOf: (room: string): string | null => (room.startsWith('board:') ? room.slice(6) : null),
} as const;
