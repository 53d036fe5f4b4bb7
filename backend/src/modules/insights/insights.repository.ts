import { Inject, Injectable } from '@nestjs/common';
import { sql, type SQL } from 'drizzle-orm';
import type { CardHistoryEntry, ListStage } from '@papan/shared';
import { DATABASE } from '../../database/database.module';
import type { Database } from '../../database/database';
import { cardHistory, cards, lists } from '../../database/schema';

/** Both drivers answer raw statements with `rows`; the column types are fixed by the casts. */
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** A PostgreSQL array literal of ids or ISO instants (neither holds a comma, brace or quote). */
const arrayOf = (values: readonly string[]) => `{${values.join(',')}}`;

/**
 * The history rows whose card is not a template now: templates are no work, so no figure counts
 * them, their past included (docs/insights.md, "Definitions"). The board's templates are read once
 * per statement (an uncorrelated subquery), not once per row.
 */
const notTemplate = (boardId: string, cardId: SQL) =>
  sql`${cardId} <> all(array(select t.id from ${cards} t where t.board_id = ${boardId} and t.is_template))`;

/** The board's lists split by the stage the figures use. */
export interface StageLists {
  active: string[];
  done: string[];
}

/** One day's change in how many open cards stand in a list (the CFD before its running sum). */
export interface CfdDelta {
  listId: string;
  day: number;
  delta: number;
}

/** A card's entry into a done list that the range counts (docs/insights.md, "Definitions"). */
export interface DoneEntry {
  cardId: string;
  title: string | null;
  enteredAt: Date;
  day: number;
  /** It left for a list that is not done on the same day: not that day's throughput. */
  leftSameDay: boolean;
  /** It is the card's last entry into done and the card stands in done now: the card finished. */
  finishing: boolean;
  /** For a finish: the card's first stay, and its first entry into an active list (if any). */
  createdAt: Date | null;
  firstActiveAt: Date | null;
}

/**
 * The flow figures' SQL (docs/insights.md): each read is one statement over the board's card
 * history, sorted into days by `width_bucket` over the day boundaries the service computes in the
 * board's time zone, so neither store's own time zone plays a part.
 */
@Injectable()
export class InsightsRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  async lists(
    boardId: string,
  ): Promise<
    { id: string; title: string; stage: ListStage | null; wipLimit: number | null; revision: number }[]
  > {
    return this.db
      .select({
        id: lists.id,
        title: lists.title,
        stage: lists.stage,
        wipLimit: lists.wipLimit,
        revision: lists.revision,
      })
      .from(lists)
      .where(sql`${lists.boardId} = ${boardId}`)
      .orderBy(lists.position, lists.id);
  }

  /** The figures of one insights read: four statements, each one pass over the history. */
  async figures(boardId: string, stages: StageLists, bounds: Date[]) {
    const [from, to] = [bounds[0], bounds[bounds.length - 1]];
    const [deltas, entries, stays, open] = await Promise.all([
      this.cfdDeltas(boardId, bounds),
      this.doneEntries(boardId, stages, bounds),
      this.timeInList(boardId, from, to),
      this.openCards(boardId, stages.active),
    ]);
    return { deltas, entries, stays, open };
  }

  /**
   * The CFD as changes: a stay counts at the end of every day from the one it began on to the last
   * one it outlasted; +1 on its first such day, −1 the day after its last. Only the stays that reach
   * into the range are read: those still open, and those that ended after its first day's end.
   */
  private async cfdDeltas(boardId: string, bounds: Date[]): Promise<CfdDelta[]> {
    const ends = sql`${arrayOf(bounds.slice(1).map((d) => d.toISOString()))}::timestamptz[]`;
    const days = bounds.length - 1;
    return rowsOf<CfdDelta>(
      await this.db.execute(sql`
        with reaching as (
          select list_id, entered_at, left_at from ${cardHistory}
          where board_id = ${boardId} and left_at is null and entered_at < ${bounds[days]}
            and ${notTemplate(boardId, sql`card_id`)}
          union all
          select list_id, entered_at, left_at from ${cardHistory}
          where board_id = ${boardId} and left_at >= ${bounds[1]} and entered_at < ${bounds[days]}
            and ${notTemplate(boardId, sql`card_id`)}
        ),
        stays as (
          select list_id, width_bucket(entered_at, ${ends}) + 1 as first_day,
            case when left_at is null then ${days} else width_bucket(left_at, ${ends}) end as last_day
          from reaching
        )
        select list_id as "listId", first_day as "day", count(*)::int as "delta"
        from stays where first_day <= last_day group by list_id, first_day
        union all
        select list_id, last_day + 1, -count(*)::int
        from stays where first_day <= last_day and last_day < ${days} group by list_id, last_day + 1`),
    );
  }

  /**
   * Every done entry in [bounds[0], bounds[n]): a stay in a done list that the card came to from a
   * list that is not done (or that began its history). With what the figures need: whether it left
   * done for another list the same day, whether it is the card's finish (its last done entry, the
   * card standing in done at the end of its history), and for a finish, the card's first stay and
   * its first entry into an active list (two index look-ups per finished card).
   */
  private async doneEntries(boardId: string, stages: StageLists, bounds: Date[]): Promise<DoneEntry[]> {
    if (!stages.done.length) return [];
    const done = sql`${arrayOf(stages.done)}::uuid[]`;
    const active = sql`${arrayOf(stages.active)}::uuid[]`;
    const starts = sql`${arrayOf(bounds.map((d) => d.toISOString()))}::timestamptz[]`;
    const [from, to] = [bounds[0], bounds[bounds.length - 1]];
    return rowsOf<DoneEntry>(
      await this.db.execute(sql`
        with entries as (
          select e.card_id, e.entered_at, width_bucket(e.entered_at, ${starts}) as day,
            coalesce(e.to_list_id <> all(${done})
              and width_bucket(e.left_at, ${starts}) = width_bucket(e.entered_at, ${starts}), false) as left_same_day,
            e.to_list_id is null or (
              exists (select 1 from ${cardHistory} f
                where f.card_id = e.card_id and f.to_list_id is null and f.list_id = any(${done}))
              and not exists (select 1 from ${cardHistory} n
                where n.card_id = e.card_id and n.entered_at > e.entered_at and n.list_id = any(${done})
                  and (n.from_list_id is null or n.from_list_id <> all(${done})))
            ) as finishing
          from ${cardHistory} e
          where e.board_id = ${boardId} and e.entered_at >= ${from} and e.entered_at < ${to}
            and e.list_id = any(${done}) and (e.from_list_id is null or e.from_list_id <> all(${done}))
            and ${notTemplate(boardId, sql`e.card_id`)}
        )
        select e.card_id as "cardId", c.title, e.entered_at as "enteredAt", e.day,
          e.left_same_day as "leftSameDay", e.finishing,
          case when e.finishing then (select min(f.entered_at) from ${cardHistory} f where f.card_id = e.card_id)
          end as "createdAt",
          case when e.finishing then (select min(a.entered_at) from ${cardHistory} a
            where a.card_id = e.card_id and a.list_id = any(${active})) end as "firstActiveAt"
        from entries e left join ${cards} c on c.id = e.card_id
        order by e.entered_at`),
    ).map((row) => ({
      ...row,
      enteredAt: new Date(row.enteredAt),
      createdAt: row.createdAt && new Date(row.createdAt),
      firstActiveAt: row.firstActiveAt && new Date(row.firstActiveAt),
    }));
  }

  /**
   * How long stays lasted, per list, p50 and p85 in days by nearest rank (`percentile_disc`): the
   * stays that ended in [from, to) with the card moving on to another list (a delete is not a stay's end).
   */
  private async timeInList(
    boardId: string,
    from: Date,
    to: Date,
  ): Promise<{ listId: string; p50: number; p85: number }[]> {
    return rowsOf<{ listId: string; p50: number; p85: number }>(
      await this.db.execute(sql`
        select list_id as "listId",
          percentile_disc(0.5) within group (order by extract(epoch from left_at - entered_at)) as "p50",
          percentile_disc(0.85) within group (order by extract(epoch from left_at - entered_at)) as "p85"
        from ${cardHistory}
        where board_id = ${boardId} and left_at >= ${from} and left_at < ${to} and to_list_id is not null
          and ${notTemplate(boardId, sql`card_id`)}
        group by list_id`),
    ).map((row) => ({ listId: row.listId, p50: Number(row.p50), p85: Number(row.p85) }));
  }

  /** The open cards now, per list (the board's WIP), and those in active lists since when. */
  private async openCards(
    boardId: string,
    active: string[],
  ): Promise<{ cardId: string; title: string; listId: string; activeSince: Date | null }[]> {
    const activeLists = sql`${arrayOf(active)}::uuid[]`;
    return rowsOf<{ cardId: string; title: string; listId: string; activeSince: string | null }>(
      await this.db.execute(sql`
        select h.card_id as "cardId", c.title, h.list_id as "listId",
          case when h.list_id = any(${activeLists}) then (
            select min(a.entered_at) from ${cardHistory} a
            where a.card_id = h.card_id and a.list_id = any(${activeLists})
          ) end as "activeSince"
        from ${cardHistory} h join ${cards} c on c.id = h.card_id
        where h.board_id = ${boardId} and h.left_at is null and not c.is_template`),
    ).map((row) => ({ ...row, activeSince: row.activeSince ? new Date(row.activeSince) : null }));
  }

  /**
   * Cards finished on each day of [bounds[0], bounds[n]) (days by `bounds`), counted in SQL: the
   * done entries that did not leave done for another list the same day. Zero days left out.
   */
  async throughputByDay(boardId: string, done: string[], bounds: Date[]): Promise<Map<number, number>> {
    if (!done.length) return new Map();
    const doneLists = sql`${arrayOf(done)}::uuid[]`;
    const starts = sql`${arrayOf(bounds.map((d) => d.toISOString()))}::timestamptz[]`;
    const rows = rowsOf<{ day: number; count: number }>(
      await this.db.execute(sql`
        select width_bucket(entered_at, ${starts}) as "day", count(*)::int as "count"
        from ${cardHistory}
        where board_id = ${boardId} and entered_at >= ${bounds[0]} and entered_at < ${bounds[bounds.length - 1]}
          and list_id = any(${doneLists}) and (from_list_id is null or from_list_id <> all(${doneLists}))
          and not coalesce(to_list_id <> all(${doneLists})
            and width_bucket(left_at, ${starts}) = width_bucket(entered_at, ${starts}), false)
          and ${notTemplate(boardId, sql`card_id`)}
        group by 1`),
    );
    return new Map(rows.map((row) => [Number(row.day), Number(row.count)]));
  }

  /** When the board's history begins (its first stay), or null without any. */
  async firstEntry(boardId: string): Promise<Date | null> {
    const [row] = rowsOf<{ first: string | null }>(
      await this.db.execute(
        sql`select min(entered_at) as "first" from ${cardHistory} where board_id = ${boardId}`,
      ),
    );
    return row?.first ? new Date(row.first) : null;
  }

  /** A card's stays, oldest first, with the list's title while the list exists. */
  async cardHistory(cardId: string): Promise<CardHistoryEntry[]> {
    return rowsOf<{ listId: string; listTitle: string | null; enteredAt: string; leftAt: string | null }>(
      await this.db.execute(sql`
        select h.list_id as "listId", l.title as "listTitle", h.entered_at as "enteredAt", h.left_at as "leftAt"
        from ${cardHistory} h left join ${lists} l on l.id = h.list_id
        where h.card_id = ${cardId} order by h.entered_at, h.id`),
    ).map((row) => ({
      listId: row.listId,
      listTitle: row.listTitle,
      enteredAt: new Date(row.enteredAt).toISOString(),
      leftAt: row.leftAt ? new Date(row.leftAt).toISOString() : null,
    }));
  }
}
