import type { Insights } from '@papan/shared';
import { format, isValid, parseISO } from 'date-fns';
import type { TFunction } from 'i18next';
import type { DataTable } from './csv';

/** A list's title by id; a list deleted since shows its id. */
export function listTitles(insights: Insights): (listId: string) => string {
  const titles = new Map(insights.lists.map((list) => [list._id, list.title]));
  return (listId) => titles.get(listId) ?? listId;
}

/** A moment as a local date and time, YYYY-MM-DD HH:mm (sorts as text, reads in a spreadsheet). */
export function localMoment(iso: string): string {
  const value = parseISO(iso);
  return isValid(value) ? format(value, 'yyyy-MM-dd HH:mm') : iso;
}

/*
 * Each chart's numbers as a table: what its "Show as table" shows and its CSV holds. Dates stay
 * YYYY-MM-DD and numbers plain, so the file reads the same in any language's spreadsheet.
 */

export function cfdTable(insights: Insights, t: TFunction): DataTable {
  return {
    columns: [t('insights.columns.date'), ...insights.lists.map((list) => list.title)],
    rows: insights.cfd.map((day) => [day.date, ...insights.lists.map((list) => day.counts[list._id] ?? 0)]),
  };
}

export function throughputTable(insights: Insights, t: TFunction): DataTable {
  return {
    columns: [t('insights.columns.date'), t('insights.columns.finished')],
    rows: insights.throughput.map((day) => [day.date, day.count]),
  };
}

export function cycleTable(insights: Insights, t: TFunction): DataTable {
  return {
    columns: [
      t('insights.columns.card'),
      t('insights.columns.finishedAt'),
      t('insights.columns.cycleDays'),
      t('insights.columns.leadDays'),
    ],
    rows: insights.finished.map((card) => [
      card.title,
      localMoment(card.finishedAt),
      card.cycleDays,
      card.leadDays,
    ]),
  };
}

export function timeInListTable(insights: Insights, t: TFunction): DataTable {
  const title = listTitles(insights);
  return {
    columns: [t('insights.columns.list'), t('insights.columns.p50Days'), t('insights.columns.p85Days')],
    rows: insights.timeInList.map((row) => [title(row.listId), row.p50, row.p85]),
  };
}

export function agingTable(insights: Insights, t: TFunction): DataTable {
  const title = listTitles(insights);
  return {
    columns: [t('insights.columns.card'), t('insights.columns.list'), t('insights.columns.ageDays')],
    rows: insights.aging.map((card) => [card.title, title(card.listId), card.ageDays]),
  };
}

export function wipTable(insights: Insights, t: TFunction): DataTable {
  const title = listTitles(insights);
  return {
    columns: [t('insights.columns.list'), t('insights.columns.cards'), t('insights.columns.limit')],
    rows: insights.wip.map((row) => [title(row.listId), row.count, row.limit]),
  };
}
