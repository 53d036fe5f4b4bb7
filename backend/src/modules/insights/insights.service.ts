import { BadRequestException, Injectable, UnprocessableEntityException } from '@nestjs/common';
import {
  INSIGHTS_LIMITS,
  daysBetween,
  type CardHistoryEntry,
  type Forecast,
  type ForecastQuery,
  type Insights,
  type InsightsQuery,
} from '@papan/shared';
import type { AuthUser } from '../../common/decorators/current-user.decorator';
import { BoardAccess } from '../board-access/board-access.service';
import { addDays, dateIn, datesFrom, dayBounds } from './calendar-days';
import { cardsFinished, daysToFinish, seededRandom } from './monte-carlo';
import { percentilesOf, toDays } from './percentiles';
import { InsightsRepository } from './insights.repository';
import { runningCounts, stageLists, stagesOf } from './flow-figures';

const SECOND_MS = 1000;

/**
 * Flow insights and forecasts from the board's card history (docs/insights.md): members and
 * `boards:read` tokens may read them. Figures are computed in SQL per day; what is left here is
 * the calendar, the running sums and the percentiles of a few hundred numbers.
 */
@Injectable()
export class InsightsService {
  constructor(
    private readonly repo: InsightsRepository,
    private readonly access: BoardAccess,
  ) {}

  async cardHistory(cardId: string, user: AuthUser): Promise<{ history: CardHistoryEntry[] }> {
    await this.access.require(user, { cardId }, 'member');
    return { history: await this.repo.cardHistory(cardId) };
  }

  async insights(boardId: string, user: AuthUser, query: InsightsQuery): Promise<Insights> {
    await this.access.require(user, { boardId }, 'member');
    const tz = query.tz ?? 'UTC';
    const now = Date.now();
    const { from, to } = rangeOf(query, dateIn(now, tz));
    const dates = datesFrom(from, to);
    const bounds = dayBounds(dates, tz);
    const listRows = await this.repo.lists(boardId);
    const lists = stagesOf(listRows);
    const stages = stageLists(lists);
    const { deltas, entries, stays, open } = await this.repo.figures(boardId, stages, bounds);
    const finished = entries
      .filter((entry) => entry.finishing)
      .map((entry) => ({
        cardId: entry.cardId,
        title: entry.title,
        finishedAt: entry.enteredAt.toISOString(),
        leadDays: toDays(entry.enteredAt.getTime() - entry.createdAt!.getTime()),
        cycleDays:
          entry.firstActiveAt && entry.firstActiveAt <= entry.enteredAt
            ? toDays(entry.enteredAt.getTime() - entry.firstActiveAt.getTime())
            : null,
      }));
    const throughput = dates.map((date) => ({ date, count: 0 }));
    for (const entry of entries) if (!entry.leftSameDay) throughput[entry.day - 1].count++;
    const stayById = new Map(stays.map((stay) => [stay.listId, stay]));
    const openIn = new Map<string, number>();
    for (const card of open) openIn.set(card.listId, (openIn.get(card.listId) ?? 0) + 1);
    return {
      from,
      to,
      tz,
      lists: lists.map(({ _id, title, stage, revision }) => ({ _id, title, stage, revision })),
      defaultStages: lists.every((list) => !list.own),
      cfd: runningCounts(dates, lists, deltas),
      throughput,
      leadTime: percentilesOf(finished.map((card) => card.leadDays)),
      cycleTime: percentilesOf(finished.flatMap((card) => (card.cycleDays === null ? [] : [card.cycleDays]))),
      timeInList: lists.map(({ _id }) => {
        const stay = stayById.get(_id);
        return {
          listId: _id,
          p50: stay ? toDays(stay.p50 * SECOND_MS) : null,
          p85: stay ? toDays(stay.p85 * SECOND_MS) : null,
        };
      }),
      aging: open
        .filter((card) => card.activeSince)
        .map((card) => ({
          cardId: card.cardId,
          title: card.title,
          listId: card.listId,
          ageDays: toDays(now - card.activeSince!.getTime()),
        }))
        .sort((a, b) => b.ageDays - a.ageDays),
      wip: listRows.map(({ id, wipLimit }) => ({ listId: id, count: openIn.get(id) ?? 0, limit: wipLimit })),
      // The scatter's points: the latest finishes (the percentiles above count them all).
      finished: finished.slice(-INSIGHTS_LIMITS.finishedShown),
    };
  }

  async forecast(boardId: string, user: AuthUser, query: ForecastQuery): Promise<Forecast> {
    await this.access.require(user, { boardId }, 'member');
    const tz = query.tz ?? 'UTC';
    const today = dateIn(Date.now(), tz);
    const ahead = query.by === undefined ? null : daysBetween(today, query.by) - 1;
    if (ahead !== null && ahead < 1) throw new BadRequestException('by: must be after today');
    if (ahead !== null && ahead > INSIGHTS_LIMITS.forecastHorizonDays)
      throw new BadRequestException(`by: must be at most ${INSIGHTS_LIMITS.forecastHorizonDays} days ahead`);
    const first = await this.repo.firstEntry(boardId);
    const basisDays = first
      ? Math.min(INSIGHTS_LIMITS.basisDays, daysBetween(dateIn(first.getTime(), tz), today))
      : 0;
    const dates = basisDays ? datesFrom(addDays(today, 1 - basisDays), today) : [];
    const { done } = stageLists(stagesOf(await this.repo.lists(boardId)));
    const byDay = dates.length ? await this.repo.throughputByDay(boardId, done, dayBounds(dates, tz)) : null;
    const daily = dates.map((_, index) => byDay?.get(index + 1) ?? 0);
    if (!daily.some((count) => count > 0))
      throw new UnprocessableEntityException({
        message: `${basisDays ? `No card was finished in the last ${basisDays} days` : 'No card has been finished on this board yet'}: there is no throughput to forecast from`,
        basisDays,
      });
    const random = seededRandom(query.seed ?? Math.floor(Math.random() * 4_294_967_296));
    const simulations = INSIGHTS_LIMITS.simulations;
    if (ahead !== null)
      return { basisDays, simulations, ...cardsFinished(daily, ahead, simulations, random) };
    const days = daysToFinish(
      daily,
      query.cards!,
      simulations,
      random,
      INSIGHTS_LIMITS.forecastHorizonDays * 10,
    );
    return {
      basisDays,
      simulations,
      p50: addDays(today, days.p50),
      p85: addDays(today, days.p85),
      p95: addDays(today, days.p95),
    };
  }
}

/** The range asked for, or its defaults: the last 30 days up to today in the zone. */
function rangeOf(query: InsightsQuery, today: string): { from: string; to: string } {
  const to = query.to ?? (query.from && query.from > today ? query.from : today);
  const from = query.from ?? addDays(to, 1 - INSIGHTS_LIMITS.defaultDays);
  if (daysBetween(from, to) > INSIGHTS_LIMITS.rangeDays)
    throw new BadRequestException(`to: the range must be at most ${INSIGHTS_LIMITS.rangeDays} days`);
  return { from, to };
}
