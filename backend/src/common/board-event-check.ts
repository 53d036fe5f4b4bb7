import { Logger } from '@nestjs/common';
import { parseBoardEvent, type BoardEvent } from '@papan/shared';

/**
 * Every board event the server sends, on any channel (socket, `/stream`, SSE, webhook, the event
 * log), passes the shared `boardEventSchema` first (docs/realtime.md, "Event reference"). One that
 * does not is a bug: it is logged once and not sent, and its readers catch up from the log by
 * version as after any gap (where it fails again, so they read the whole board).
 *
 * An event object is checked once, however many channels and readers it goes to: the objects that
 * passed are remembered (a WeakSet; an event is not changed once published).
 */
const passed = new WeakSet<object>();
const failed = new WeakSet<object>();
/** `boardId:version` of the events already logged as failing, so that each is logged once. */
const logged = new Set<string>();
const LOGGED_MAX = 1000;
const logger = new Logger('BoardEventCheck');

function report(value: unknown, error: string, where: string): void {
  const v = (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>;
  const key = `${String(v.boardId)}:${String(v.version)}`;
  if (logged.has(key)) return;
  if (logged.size >= LOGGED_MAX) logged.clear();
  logged.add(key);
  logger.error(`board ${String(v.boardId)}: ${error} — not sent (${where})`);
}

/** Whether a published event may go out on `channel`: false, and logged once, when it fails the schema. */
export function sendable(event: BoardEvent, channel: string): boolean {
  if (passed.has(event)) return true;
  if (failed.has(event)) return false;
  const result = parseBoardEvent(event);
  if (result.ok) passed.add(event);
  else {
    failed.add(event);
    report(event, result.error, channel);
  }
  return result.ok;
}

/**
 * A stored event (a row of the log with its board id) as a checked BoardEvent, or null, logged
 * once, when it fails the schema. The answer is the schema's copy, already marked as passed.
 */
export function checkedEvent(value: unknown, where: string): BoardEvent | null {
  const result = parseBoardEvent(value);
  if (!result.ok) {
    report(value, result.error, where);
    return null;
  }
  passed.add(result.event);
  return result.event;
}
