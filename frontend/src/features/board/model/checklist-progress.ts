import type { ChecklistTotals, ChecklistItem } from '@papan/shared';

/** The share of completed items, rounded; 0 when there are no items (docs/product.md, "Card detail"). */
export function checklistPercent(items: ChecklistItem[]): number {
  if (items.length === 0) return 0;
  return Math.round((items.filter((item) => item.isCompleted).length / items.length) * 100);
}

/** Completed and total items over all of a card's checklists (the badge on the card). */
export function checklistTotals(checklists: readonly ChecklistTotals[]): ChecklistTotals {
  let done = 0;
  let total = 0;
  for (const checklist of checklists) {
    total += checklist.total;
    done += checklist.done;
  }
  return { done, total };
}
