/** A list item's opening (`- `, `* `, `+ `, `1. `, `1) `) followed by its task box `[ ]` or `[x]`. */
const TASK_AT = /(?:[-+*]|\d{1,9}[.)])[ \t]+(?=\[[ xX]\])/y;

/**
 * Where a task item's box `[` sits in the source, given where the item starts (its list marker);
 * undefined when the source there is no task item.
 */
export function taskBoxOffset(source: string, itemStart: number): number | undefined {
  TASK_AT.lastIndex = itemStart;
  return TASK_AT.test(source) ? TASK_AT.lastIndex : undefined;
}

/** The source with the task box at `offset` ticked or cleared; null when no box sits there any more. */
export function toggleTask(source: string, offset: number): string | null {
  const box = source.slice(offset, offset + 3);
  if (!/^\[[ xX]\]$/.test(box)) return null;
  const mark = box[1] === ' ' ? 'x' : ' ';
  return `${source.slice(0, offset + 1)}${mark}${source.slice(offset + 2)}`;
}
