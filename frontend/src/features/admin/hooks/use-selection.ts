import { useState } from 'react';

export interface Selection {
  /** The selected ids among the rows shown (what a bulk action acts on). */
  selected: string[];
  isSelected: (id: string) => boolean;
  toggle: (id: string) => void;
  /** Select-all covers only the rows shown; when they are all selected it clears them. */
  toggleAll: () => void;
  allSelected: boolean;
  someSelected: boolean;
  clear: () => void;
}

/**
 * Checkbox selection over a filtered table. Ids hidden by the search stay remembered but are never
 * acted on: a bulk delete only takes what the admin can see ticked.
 */
export function useSelection(visibleIds: string[]): Selection {
  const [ids, setIds] = useState<ReadonlySet<string>>(() => new Set());
  const selected = visibleIds.filter((id) => ids.has(id));
  const allSelected = visibleIds.length > 0 && selected.length === visibleIds.length;

  return {
    selected,
    isSelected: (id) => ids.has(id),
    toggle: (id) =>
      setIds((current) => {
        const next = new Set(current);
        if (!next.delete(id)) next.add(id);
        return next;
      }),
    toggleAll: () => setIds(allSelected ? new Set() : new Set(visibleIds)),
    allSelected,
    someSelected: selected.length > 0 && !allSelected,
    clear: () => setIds(new Set()),
  };
}
