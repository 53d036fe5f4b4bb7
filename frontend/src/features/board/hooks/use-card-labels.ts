import type { Label } from '@papan/shared';
import { useMemo } from 'react';
import { useBoardStore } from '../store';

const NO_LABELS: Label[] = [];

/**
 * The labels a card names by id (the compact read carries each label once, on the board:
 * docs/api.md, "GET /api/boards/{id}"), in the card's order; an id the board no longer has is skipped.
 */
export function useCardLabels(ids: readonly string[]): Label[] {
  const labels = useBoardStore((state) => state.board?.labels ?? NO_LABELS);
  return useMemo(
    () =>
      ids.length === 0 ? NO_LABELS : ids.flatMap((id) => labels.find((label) => label._id === id) ?? []),
    [ids, labels],
  );
}
