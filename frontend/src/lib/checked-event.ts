import { parseBoardEvent, type BoardEvent } from '@papan/shared';

const logged = new Set<string>();

/**
 * The board event when it matches the shared schema (docs/realtime.md, "Event reference"), else
 * null: whoever received it reads the board again instead of applying something it cannot trust.
 * Each distinct fault is logged once, not once per event.
 */
export function checkedEvent(value: unknown, from: string): BoardEvent | null {
  const check = parseBoardEvent(value);
  if (check.ok) return check.event;
  const fault = `${from}: ${check.error}`;
  if (!logged.has(fault)) {
    logged.add(fault);
    console.warn(`A board event from ${fault} does not match its schema; the board is read again`);
  }
  return null;
}
