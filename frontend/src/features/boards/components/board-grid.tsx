import type { BoardSummary } from '@papan/shared';
import { BoardCard } from './board-card';

/** Board cards in a responsive grid. */
export function BoardGrid({ boards, label }: { boards: BoardSummary[]; label: string }) {
  return (
    <ul aria-label={label} className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
      {boards.map((board) => (
        <li key={board._id} className="flex flex-col [&>article]:flex-1">
          <BoardCard board={board} />
        </li>
      ))}
    </ul>
  );
}
