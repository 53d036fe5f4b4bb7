import type { BoardSummary } from '@papan/shared';
import { BoardCard } from './board-card';

/** Board cards in a responsive grid; `level` is their titles' heading level (2 right under the h1). */
export function BoardGrid({
  boards,
  label,
  level = 3,
}: {
  boards: BoardSummary[];
  label: string;
  level?: 2 | 3;
}) {
  return (
    <ul aria-label={label} className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
      {boards.map((board) => (
        <li key={board._id} className="flex flex-col [&>article]:flex-1">
          <BoardCard board={board} level={level} />
        </li>
      ))}
    </ul>
  );
}
