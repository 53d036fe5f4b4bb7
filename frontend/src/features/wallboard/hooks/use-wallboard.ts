import { applyEvent, type Activity, type CompactBoardDetail } from '@papan/shared';
import { useEffect, useState } from 'react';
import { readWallboard, readWallboardActivities } from '../api/wallboard-api';
import { checkedEvent } from '../../../lib/checked-event';
import { takeFrames } from '../model/sse-frames';

export type WallboardStatus = 'loading' | 'live' | 'reconnecting' | 'refused';

export interface WallboardState {
  status: WallboardStatus;
  board: CompactBoardDetail | null;
  activities: Activity[];
}

const RECONNECT_MS = 2_000;
const ACTIVITY_DELAY_MS = 500;
const statusOf = (error: unknown) => (error as { status?: number }).status;
const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
  });

/**
 * A board kept live for a wallboard (docs/api.md, "Wallboard"): read once, then followed through the
 * board's event stream from that version, each event applied with the same `applyEvent` as the
 * board screen. A gap, an event it cannot apply or a `resync` reads the board again; a dropped
 * stream reconnects from the last version. 401, 403 or 404 stop it (the token no longer reaches
 * the board).
 */
export function useWallboard(boardId: string, token: string | null): WallboardState {
  const [state, setState] = useState<WallboardState>({ status: 'loading', board: null, activities: [] });

  useEffect(() => {
    if (!token) return;
    const abort = new AbortController();
    const { signal } = abort;
    let board: CompactBoardDetail | null = null;
    let activityTimer: ReturnType<typeof setTimeout> | null = null;
    const readActivities = () => {
      if (activityTimer) clearTimeout(activityTimer);
      activityTimer = setTimeout(() => {
        readWallboardActivities(boardId, token, signal).then(
          (activities) => setState((s) => ({ ...s, activities })),
          () => undefined,
        );
      }, ACTIVITY_DELAY_MS);
    };

    /** Applies a stream's frames; false when the board must be read again. */
    const apply = (data: string, event: string | undefined): boolean => {
      if (event === 'resync' || !board) return false;
      const change = checkedEvent(JSON.parse(data), 'the stream');
      if (!change) return false;
      if (change.version <= board.version) return true;
      const next = structuredClone(board);
      if (change.version !== board.version + 1 || !applyEvent(next, change)) return false;
      next.version = change.version;
      board = next;
      setState((s) => ({ ...s, status: 'live', board: next }));
      readActivities();
      return true;
    };

    const follow = async () => {
      while (!signal.aborted) {
        try {
          if (!board) {
            board = await readWallboard(boardId, token, signal);
            const activities = await readWallboardActivities(boardId, token, signal);
            setState({ status: 'live', board, activities });
          }
          const res = await fetch(`/api/boards/${boardId}/stream`, {
            headers: { Authorization: `Bearer ${token}`, 'Last-Event-ID': String(board.version) },
            signal,
          });
          if (!res.ok || !res.body)
            throw Object.assign(new Error(`stream answered ${res.status}`), { status: res.status });
          setState((s) => ({ ...s, status: 'live' }));
          const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
          let buffer = '';
          reading: for (;;) {
            const { value, done } = await reader.read();
            if (done) break;
            const { frames, rest } = takeFrames(buffer + value);
            buffer = rest;
            for (const frame of frames) {
              if (!apply(frame.data, frame.event)) {
                board = null;
                await reader.cancel();
                break reading;
              }
            }
          }
        } catch (error) {
          if (signal.aborted) return;
          if ([401, 403, 404].includes(statusOf(error) ?? 0)) {
            setState((s) => ({ ...s, status: 'refused' }));
            return;
          }
        }
        if (signal.aborted) return;
        setState((s) => ({ ...s, status: board ? 'reconnecting' : s.status }));
        await sleep(RECONNECT_MS, signal);
      }
    };
    void follow();
    return () => {
      abort.abort();
      if (activityTimer) clearTimeout(activityTimer);
    };
  }, [boardId, token]);

  return token ? state : { status: 'refused', board: null, activities: [] };
}
