import { useId, useLayoutEffect, useRef, useState, type KeyboardEvent, type RefObject } from 'react';
import { matchPeople, mentionQueryAt, type MentionQuery, type Person } from './mention-query';

interface Options {
  value: string;
  onChange: (value: string) => void;
  people: readonly Person[];
  field: RefObject<HTMLTextAreaElement | null>;
}

/**
 * The `@` picker of a text box: while `@query` is typed, the matching people are offered in a
 * listbox; arrows move, Enter or Tab picks (inserting `@Name `), Escape closes. Focus stays in the
 * text box, which names the highlighted option with aria-activedescendant.
 */
export function useMentionPicker({ value, onChange, people, field }: Options) {
  const listId = useId();
  const [query, setQuery] = useState<MentionQuery | null>(null);
  const [active, setActive] = useState(0);
  // The `@` Escape closed the picker for: it stays closed until another `@` is typed.
  const dismissedAt = useRef<number | null>(null);
  const caretAfterPick = useRef<number | null>(null);

  const options = query ? matchPeople(people, query.query) : [];
  const open = options.length > 0;
  const optionId = (index: number) => `${listId}-${index}`;

  useLayoutEffect(() => {
    if (caretAfterPick.current === null || !field.current) return;
    field.current.setSelectionRange(caretAfterPick.current, caretAfterPick.current);
    caretAfterPick.current = null;
  }, [value, field]);

  /** Looks at the text before the caret again (after typing, clicking or moving the caret). */
  function refresh() {
    const box = field.current;
    if (!box || box.selectionStart !== box.selectionEnd) return setQuery(null);
    const next = mentionQueryAt(box.value, box.selectionStart);
    if (next && next.at === dismissedAt.current) return setQuery(null);
    if (!next) dismissedAt.current = null;
    if (next?.at !== query?.at || next?.query !== query?.query) setActive(0);
    setQuery(next);
  }

  function pick(person: Person) {
    const box = field.current;
    if (!query || !box) return;
    const inserted = `@${person.name} `;
    const caret = query.at + inserted.length;
    caretAfterPick.current = caret;
    onChange(value.slice(0, query.at) + inserted + value.slice(box.selectionStart));
    setQuery(null);
    box.focus();
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>): boolean {
    if (!open) return false;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((active + step + options.length) % options.length);
    } else if (event.key === 'Enter' || event.key === 'Tab') {
      pick(options[Math.min(active, options.length - 1)]);
    } else if (event.key === 'Escape') {
      // Only the picker closes, not the dialog around the text box.
      event.stopPropagation();
      dismissedAt.current = query!.at;
      setQuery(null);
    } else return false;
    event.preventDefault();
    return true;
  }

  const current = Math.min(active, options.length - 1);
  return {
    open,
    options,
    active: current,
    listId,
    optionId,
    pick,
    setActive,
    refresh,
    onKeyDown,
    close: () => setQuery(null),
    fieldProps: {
      'aria-autocomplete': 'list' as const,
      'aria-controls': open ? listId : undefined,
      'aria-activedescendant': open ? optionId(current) : undefined,
    },
  };
}
