import type { BoardSummary } from '@papan/shared';
import { useState } from 'react';
import { CreateBoardDialog } from '../components/create-board-dialog';

/** Everything that offers "create a board" (side navigation, home, projects) opens the same dialog. */
export function useCreateBoardDialog(onCreated?: (board: BoardSummary) => void) {
  const [open, setOpen] = useState(false);
  const dialog = open ? <CreateBoardDialog onClose={() => setOpen(false)} onCreated={onCreated} /> : null;
  return { openCreateBoard: () => setOpen(true), createBoardDialog: dialog };
}
