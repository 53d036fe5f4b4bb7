import type { SearchResult } from '@papan/shared';
import { Search } from 'lucide-react';
import { useDeferredValue, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { fieldClass } from '../../../components/ui/field-styles';
import { useDismiss } from '../../../components/ui/use-dismiss';
import { useCardSearch } from '../api/search-cards';

/** The results by board, in the order the server ranked them (a board first seen first). */
function byBoard(results: SearchResult[]) {
  const groups = new Map<string, { board: SearchResult['board']; results: SearchResult[] }>();
  for (const result of results) {
    const group = groups.get(result.board._id) ?? { board: result.board, results: [] };
    group.results.push(result);
    groups.set(result.board._id, group);
  }
  return [...groups.values()];
}

/**
 * The top bar's card search (docs/product.md, "Navigation and the top bar"; docs/api.md, "Search"):
 * a combobox whose results are grouped by board; arrows move through them, Enter opens the card on
 * its board, Escape closes the list.
 */
export function SearchBox() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const root = useRef<HTMLDivElement>(null);
  const listId = useId();
  const query = useDeferredValue(text);
  const { data, isFetching } = useCardSearch(query);
  const groups = query.trim().length >= 2 ? byBoard(data?.results ?? []) : [];
  const flat = groups.flatMap((group) => group.results);
  const optionId = (index: number) => `${listId}-${index}`;
  useDismiss(root, open, () => setOpen(false));

  function choose(result: SearchResult | undefined) {
    if (!result) return;
    setOpen(false);
    setText('');
    void navigate(`/board/${result.board._id}?card=${result.card._id}`);
  }

  function onKeyDown(event: React.KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
      if (flat.length)
        setActive((i) => (i + (event.key === 'ArrowDown' ? 1 : flat.length - 1)) % flat.length);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      choose(flat[active]);
    } else if (event.key === 'Escape' && open) {
      event.stopPropagation();
      setOpen(false);
    }
  }

  const showList = open && query.trim().length >= 2;
  let index = -1;
  return (
    <div ref={root} className="relative mr-auto w-full max-w-sm">
      <Search
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400"
      />
      <input
        type="text"
        role="combobox"
        aria-label={t('search.label')}
        aria-expanded={showList}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={showList && flat.length ? optionId(active) : undefined}
        placeholder={t('search.placeholder')}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setActive(0);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        onKeyDown={onKeyDown}
        className={`h-9 w-full pl-9 ${fieldClass}`}
      />
      {showList && (
        <div
          id={listId}
          role="listbox"
          aria-label={t('search.results')}
          className="absolute inset-x-0 z-40 mt-2 max-h-[70vh] overflow-y-auto rounded-xl border border-slate-200 bg-white p-2 shadow-xl dark:border-slate-700 dark:bg-slate-900"
        >
          {groups.length === 0 && (
            <p className="px-2 py-3 text-sm text-slate-500 dark:text-slate-400">
              {isFetching ? t('search.searching') : t('search.none')}
            </p>
          )}
          {groups.map((group) => (
            <div key={group.board._id} role="group" aria-label={group.board.title} className="mb-2 last:mb-0">
              <div
                aria-hidden="true"
                className="px-2 pt-1 pb-1 text-xs font-semibold tracking-wide text-slate-500 uppercase dark:text-slate-400"
              >
                {group.board.title}
              </div>
              {group.results.map((result) => {
                index++;
                const mine = index;
                return (
                  <div
                    key={result.card._id}
                    id={optionId(mine)}
                    role="option"
                    aria-selected={mine === active}
                    onMouseDown={(event) => event.preventDefault()}
                    onClick={() => choose(result)}
                    onMouseEnter={() => setActive(mine)}
                    className={`cursor-pointer rounded-lg px-2 py-1.5 text-sm ${mine === active ? 'bg-indigo-50 dark:bg-indigo-500/20' : ''}`}
                  >
                    <span className="block font-medium text-slate-900 dark:text-slate-100">
                      {result.card.title}
                    </span>
                    <span className="block text-xs text-slate-500 dark:text-slate-400">
                      {t('search.inList', { list: result.list.title })}
                    </span>
                  </div>
                );
              })}
            </div>
          ))}
        </div>
      )}
    </div>
  );
}
