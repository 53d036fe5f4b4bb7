import { useRef, useState } from 'react';

/**
 * A title edited in place: `start` opens the field with the current title; `finish(true)` (Enter,
 * leaving) hands a trimmed, non-empty, changed title to `save`; `finish(false)` (Escape) cancels.
 * Finishing twice (Enter, then the blur it causes) saves once.
 */
export function useTitleEdit(current: string, save: (title: string) => Promise<void>) {
  const [editing, setEditing] = useState(false);
  const [value, setValue] = useState(current);
  const finished = useRef(false);

  function start() {
    finished.current = false;
    setValue(current);
    setEditing(true);
  }

  async function finish(keep: boolean) {
    if (finished.current) return;
    finished.current = true;
    setEditing(false);
    const title = value.trim();
    if (!keep || !title || title === current) return;
    await save(title);
  }

  return { editing, value, setValue, start, finish };
}
