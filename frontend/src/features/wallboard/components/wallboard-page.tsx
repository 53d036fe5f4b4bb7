import type { Activity, BoardPresence, CompactBoardDetail, Insights } from '@papan/shared';
import { isToday } from 'date-fns';
import { lazy, Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useParams } from 'react-router-dom';
import { ActivityActor } from '../../../components/activity-actor';
import { ActivityText } from '../../../components/activity-text';
import { FullPageSpinner } from '../../../components/ui/spinner';
import { formatRelativeTime } from '../../../lib/dates';
import { useSession } from '../../../lib/session';
import { useWallboard } from '../hooks/use-wallboard';
import { finishedInLast, useWallboardFlow } from '../hooks/use-wallboard-flow';
import { useWallboardPresence } from '../hooks/use-wallboard-presence';
import { OnlineNow } from './online-now';

/** The flow chart brings chart.js: its own chunk, after the board is on the screen. */
const WallboardFlow = lazy(() => import('./wallboard-flow').then((m) => ({ default: m.WallboardFlow })));

/** The token of `#token=papan_…` (never sent to the server in the address), else the session's. */
function useWallboardToken(): string | null {
  const { hash } = useLocation();
  const session = useSession((state) => state.session?.token ?? null);
  return new URLSearchParams(hash.slice(1)).get('token') ?? session;
}

/**
 * /wallboard/{boardId} (docs/product.md, "Wallboard"): a read-only, full-screen live view of a board for a
 * TV: its lists with their card counts and cards, who is online, the changes of today, the cards
 * done in the last 7 days, the cumulative flow of the last 30 (docs/insights.md) and the latest
 * activities.
 * Nothing on it edits anything.
 */
export function WallboardPage() {
  const { t } = useTranslation();
  const { boardId = '' } = useParams();
  const token = useWallboardToken();
  const { status, board, activities } = useWallboard(boardId, token);
  const online = useWallboardPresence(boardId, token, status === 'live');
  const flow = useWallboardFlow(boardId, token, board?.version);

  if (status === 'refused' || !token)
    return (
      <main className="flex min-h-screen items-center justify-center bg-slate-950 p-8 text-center text-slate-100">
        <div className="max-w-xl">
          <h1 className="text-2xl font-semibold">{t('wallboard.refusedTitle')}</h1>
          <p className="mt-3 text-slate-300">{t('wallboard.refused', { boardId })}</p>
        </div>
      </main>
    );
  if (!board) return <FullPageSpinner label={t('wallboard.loading')} />;
  return (
    <Wallboard board={board} activities={activities} online={online} live={status === 'live'} flow={flow} />
  );
}

function Wallboard({
  board,
  activities,
  online,
  live,
  flow,
}: {
  board: CompactBoardDetail;
  activities: Activity[];
  online: BoardPresence['users'];
  live: boolean;
  /** The flow figures, once read (a token that may not read them shows the board without them). */
  flow: Insights | null;
}) {
  const { t, i18n } = useTranslation();
  const labels = useMemo(() => new Map(board.labels.map((l) => [l._id, l])), [board.labels]);
  const today = activities.filter((a) => isToday(new Date(a.createdAt))).length;
  const cards = board.lists.reduce((sum, list) => sum + list.cards.length, 0);
  return (
    <main className="flex h-screen flex-col gap-4 overflow-hidden bg-slate-950 p-6 text-slate-100">
      <header className="flex flex-wrap items-center gap-x-8 gap-y-2">
        <h1 className="text-3xl font-bold tracking-tight">{board.title}</h1>
        <span className="inline-flex items-center gap-2 text-lg" role="status">
          <span
            aria-hidden="true"
            className={`size-3 rounded-full ${live ? 'bg-emerald-400' : 'bg-amber-400'}`}
          />
          {live ? t('wallboard.live') : t('wallboard.reconnecting')}
        </span>
        <span className="text-lg text-slate-300">{t('wallboard.cards', { count: cards })}</span>
        <span className="text-lg text-slate-300">{t('wallboard.changesToday', { count: today })}</span>
        {flow && (
          <span className="text-lg font-semibold text-emerald-300">
            {t('wallboard.doneLastWeek', { count: finishedInLast(flow, 7) })}
          </span>
        )}
        <OnlineNow users={online} members={board.members} />
      </header>
      <div className="flex min-h-0 flex-1 gap-6">
        <div className="flex min-w-0 flex-1 items-start gap-4 overflow-x-auto">
          {board.lists.map((list) => (
            <section
              key={list._id}
              aria-label={list.title}
              className="flex max-h-full w-72 shrink-0 flex-col rounded-2xl bg-slate-900 p-3"
            >
              <h2 className="flex items-center justify-between px-1 pb-2 text-lg font-semibold">
                <span className="truncate">{list.title}</span>
                <span className="rounded-full bg-slate-700 px-2.5 text-base">{list.cards.length}</span>
              </h2>
              <ul className="flex flex-col gap-2 overflow-y-auto">
                {list.cards.map((card) => (
                  <li key={card._id} className="rounded-xl bg-slate-800 px-3 py-2 text-base leading-snug">
                    {card.labels.length > 0 && (
                      <span className="mb-1 flex gap-1" aria-hidden="true">
                        {card.labels.map((id) => (
                          <span
                            key={id}
                            className="h-1.5 w-8 rounded-full"
                            style={{ backgroundColor: labels.get(id)?.color }}
                          />
                        ))}
                      </span>
                    )}
                    {card.title}
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </div>
        <div className="hidden w-96 shrink-0 flex-col gap-4 lg:flex">
          {flow && (
            <section aria-label={t('wallboard.flowTitle')} className="rounded-2xl bg-slate-900 p-3">
              <h2 className="pb-2 text-lg font-semibold">{t('wallboard.flowTitle')}</h2>
              <Suspense fallback={<div style={{ height: 240 }} />}>
                <WallboardFlow insights={flow} />
              </Suspense>
            </section>
          )}
          <aside aria-label={t('wallboard.latest')} className="flex min-h-0 flex-col">
            <h2 className="pb-2 text-lg font-semibold">{t('wallboard.latest')}</h2>
            <ol className="flex flex-col gap-3 overflow-hidden">
              {activities.slice(0, 30).map((activity) => (
                <li key={activity._id} className="rounded-xl bg-slate-900 px-3 py-2 text-sm text-slate-200">
                  <ActivityActor activity={activity} someone={t('activity.someone')} />{' '}
                  <ActivityText activity={activity} />
                  <span className="block text-xs text-slate-400">
                    {formatRelativeTime(activity.createdAt, i18n.language)}
                  </span>
                </li>
              ))}
            </ol>
          </aside>
        </div>
      </div>
    </main>
  );
}
