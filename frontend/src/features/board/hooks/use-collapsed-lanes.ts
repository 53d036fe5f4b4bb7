import { useCallback, useState } from 'react';
import { useSession } from '../../../lib/session';
import { storage } from '../../../lib/storage';

/** Where a person's collapsed lanes of a board are remembered, in this browser (docs/lanes.md). */
export const collapsedLanesKey = (userId: string, boardId: string) =>
  `papan.collapsedLanes.${userId}.${boardId}`;

function read(key: string): string[] {
  try {
    const value: unknown = JSON.parse(storage.get(key) ?? '[]');
    return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
  } catch {
    return [];
  }
}

/**
 * The lanes this person collapsed on this board (lane ids, `none` for the default lane), kept in
 * localStorage per signed-in user and board, so a reload or another visit shows them the same way.
 */
export function useCollapsedLanes(boardId: string) {
  const userId = useSession((state) => state.session?._id) ?? 'anonymous';
  const key = collapsedLanesKey(userId, boardId);
  const [state, setState] = useState(() => ({ key, lanes: read(key) }));
  // Another person signed in, or another board: that one's remembered lanes.
  const lanes = state.key === key ? state.lanes : read(key);
  if (state.key !== key) setState({ key, lanes });

  const toggle = useCallback(
    (lane: string) =>
      setState((current) => {
        const base = current.key === key ? current.lanes : read(key);
        const next = base.includes(lane) ? base.filter((other) => other !== lane) : [...base, lane];
        if (next.length) storage.set(key, JSON.stringify(next));
        else storage.remove(key);
        return { key, lanes: next };
      }),
    [key],
  );
  return { collapsed: lanes, toggle };
}
