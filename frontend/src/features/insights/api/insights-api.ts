import {
  CHANGE_PREFERENCE,
  type ChangeAnswer,
  type ForecastCounts,
  type ForecastDates,
  type Insights,
  type List,
  type ListStage,
} from '@papan/shared';
import { api } from '../../../lib/api-client';
import { browserTimeZone } from '../../../lib/dates';
import { sendRevised } from '../../../lib/revision-conflict';

export interface InsightsRange {
  from: string;
  to: string;
  tz: string;
}

const query = (values: Record<string, string>) => new URLSearchParams(values).toString();

/** GET /api/boards/{id}/insights?from&to&tz: the board's flow figures for those days (docs/api.md). */
export function getInsights(boardId: string, range: InsightsRange, signal?: AbortSignal): Promise<Insights> {
  return api.get<Insights>(`/api/boards/${encodeURIComponent(boardId)}/insights?${query({ ...range })}`, {
    signal,
  });
}

/** GET /api/boards/{id}/forecast?cards=N: when N more cards are done, with 50/85/95 % confidence. */
export function getForecastDates(boardId: string, cards: number): Promise<ForecastDates> {
  return api.get<ForecastDates>(
    `/api/boards/${encodeURIComponent(boardId)}/forecast?${query({ cards: String(cards), tz: browserTimeZone() })}`,
  );
}

/** GET /api/boards/{id}/forecast?by=YYYY-MM-DD: how many cards are done by then. */
export function getForecastCounts(boardId: string, by: string): Promise<ForecastCounts> {
  return api.get<ForecastCounts>(
    `/api/boards/${encodeURIComponent(boardId)}/forecast?${query({ by, tz: browserTimeZone() })}`,
  );
}

/**
 * PUT /api/lists/{id} {stage}: a board change like any other list change, asking for `{data, event}`
 * (`Prefer: papan-change`, docs/api.md); every screen on the board hears its list.updated. Sent
 * against the list's revision (`If-Match`); a stage is set, not written, so a 412 from another
 * change to the list sends it again against the newer revision (docs/api.md, "Revisions").
 */
export function setListStage(
  listId: string,
  stage: ListStage | null,
  revision: number,
): Promise<ChangeAnswer<List>> {
  return sendRevised<List, ChangeAnswer<List>>(
    (ifMatch) =>
      api.put<ChangeAnswer<List>>(
        `/api/lists/${encodeURIComponent(listId)}`,
        { stage },
        { prefer: CHANGE_PREFERENCE, ifMatch },
      ),
    revision,
  );
}
