import { UI } from '@papan/shared';
import { ArrowRight, FileUp, LayoutGrid, Plus, Search, SearchX } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { useSession } from '../../../lib/session';
import { useBoards } from '../api/get-boards';
import { useCreateBoardDialog } from '../hooks/use-create-board-dialog';
import { BoardGrid } from './board-grid';
import { BoardListState } from './board-list-state';
import { ImportBoardDialog } from './import-board-dialog';
import { TemplateCards } from './template-cards';

/** The signed-in home dashboard (docs/product.md, "Home dashboard"). */
export function HomePage() {
  const { t } = useTranslation();
  const name = useSession((state) => state.session?.name);
  const { data: boards, error, isLoading } = useBoards();
  const { openCreateBoard, createBoardDialog } = useCreateBoardDialog();
  const [search, setSearch] = useState('');
  const [importing, setImporting] = useState(false);

  const query = search.trim().toLowerCase();
  const matching = (boards ?? []).filter((board) => board.title.toLowerCase().includes(query));
  const shown = matching.slice(0, UI.homeBoardLimit);

  return (
    <div className="mx-auto max-w-6xl">
      <section className="relative overflow-hidden rounded-2xl border border-slate-200 bg-white p-8 shadow-sm dark:border-slate-800 dark:bg-slate-900">
        <div
          aria-hidden="true"
          className="absolute -top-24 -right-24 size-64 rounded-full bg-indigo-500/10 blur-3xl dark:bg-indigo-400/10"
        />
        <h1 className="relative text-3xl font-semibold tracking-tight">
          {t('home.welcome', { name: name?.trim() || t('home.fallbackName') })}
        </h1>
        <p className="relative mt-2 max-w-2xl text-slate-600 dark:text-slate-400">{t('home.description')}</p>
        <div className="relative mt-6 max-w-md">
          <label htmlFor="board-search" className="sr-only">
            {t('home.searchLabel')}
          </label>
          <Search
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400"
          />
          <input
            id="board-search"
            type="search"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            placeholder={t('home.searchPlaceholder')}
            className="h-11 w-full rounded-lg border border-slate-300 bg-white pr-3 pl-9 text-sm shadow-sm placeholder:text-slate-400 focus:border-indigo-500 focus:ring-2 focus:ring-indigo-500/30 focus:outline-none dark:border-slate-700 dark:bg-slate-950 dark:placeholder:text-slate-500"
          />
        </div>
      </section>

      <section aria-labelledby="home-boards-title" className="mt-10">
        <div className="mb-4 flex items-center justify-between gap-4">
          <h2 id="home-boards-title" className="text-lg font-semibold">
            {t('home.boardsTitle')}
          </h2>
          <Button variant="secondary" size="sm" className="ml-auto" onClick={() => setImporting(true)}>
            <FileUp aria-hidden="true" className="size-4" />
            {t('boards.import.open')}
          </Button>
          <Link
            to="/projects"
            className="inline-flex items-center gap-1 rounded text-sm font-medium text-indigo-600 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-500 dark:text-indigo-400"
          >
            {t('home.viewAll')}
            <ArrowRight aria-hidden="true" className="size-4" />
          </Link>
        </div>
        <BoardListState isLoading={isLoading} error={error && !boards ? t('home.loadError') : null} />
        {boards && boards.length === 0 && (
          <EmptyState
            icon={<LayoutGrid aria-hidden="true" className="size-6" />}
            title={t('home.empty.title')}
            description={t('home.empty.description')}
            action={
              <Button onClick={openCreateBoard}>
                <Plus aria-hidden="true" className="size-4" />
                {t('home.empty.action')}
              </Button>
            }
          />
        )}
        {boards && boards.length > 0 && shown.length === 0 && (
          <EmptyState
            icon={<SearchX aria-hidden="true" className="size-6" />}
            title={t('home.noMatch', { query: search.trim() })}
          />
        )}
        {shown.length > 0 && <BoardGrid boards={shown} label={t('home.boardsTitle')} />}
      </section>

      <TemplateCards onUse={openCreateBoard} />
      {createBoardDialog}
      {importing && <ImportBoardDialog onClose={() => setImporting(false)} />}
    </div>
  );
}
