import type { Insights } from '@papan/shared';
import { format, subDays } from 'date-fns';
import { useCallback, useEffect, useRef, useState } from 'react';
import { browserTimeZone } from '../../../lib/dates';
import { useLiveRead } from '../../../lib/use-live-read';
import { readWallboardInsights } from '../api/wallboard-api';

/** The days the wallboard's flow covers: the last 30, today included. */
export const FLOW_DAYS = 30;
/** Read again now and then without changes too, so "the last 7 days" moves on at midnight. */
export const FLOW_REFRESH_MS = 5 * 60_000;

/**
 * The board's flow figures for a wallboard (docs/insights.md), read with the wallboard's token
 * for the last 30 days in the TV's time zone once the board has loaded, and read again (debounced,
 * one read at a time) each time the board's version moves on — every change the wallboard's stream
 * brings. A failed read keeps the last figures.
 */
export function useWallboardFlow(
  boardId: string,
  token: string | null,
  version: number | undefined,
): Insights | null {
  const [timeZone] = useState(browserTimeZone);
  const read = useCallback(
    (signal: AbortSignal) => {
      const now = new Date();
      const range = {
        from: format(subDays(now, FLOW_DAYS - 1), 'yyyy-MM-dd'),
        to: format(now, 'yyyy-MM-dd'),
        tz: timeZone,
      };
      return readWallboardInsights(boardId, token ?? '', range, signal);
    },
    [boardId, token, timeZone],
  );
  // Read once the board is on the screen, so the first read already holds its version's changes.
  const loaded = version !== undefined;
  const { data, refresh } = useLiveRead(token && loaded ? `${boardId} ${token}` : null, read);

  // The version the figures were first read at; a later one means the board changed.
  const seen = useRef(version);
  useEffect(() => {
    if (seen.current === undefined) seen.current = version;
    else if (version !== undefined && version !== seen.current) {
      seen.current = version;
      refresh();
    }
  }, [version, refresh]);

  useEffect(() => {
    const timer = setInterval(refresh, FLOW_REFRESH_MS);
    return () => clearInterval(timer);
  }, [refresh]);

  return data;
}

/** Cards finished in the last `days` days of the figures (their last entries: today and before). */
export function finishedInLast(insights: Insights, days: number): number {
  return insights.throughput.slice(-days).reduce((sum, day) => sum + day.count, 0);
}
