import type { Socket } from 'socket.io';

/** Events one socket may send at once, and how many more it earns each second. */
export const SOCKET_EVENT_BURST = 20;
export const SOCKET_EVENTS_PER_SECOND = 5;
export const TOO_MANY_EVENTS = 'Too many requests';

/**
 * A token bucket kept in memory for one connection: a socket that floods (a join or leave with any
 * id makes presence look across every instance) is refused until it slows down.
 */
export class EventBudget {
  private tokens = SOCKET_EVENT_BURST;
  private refilledAt = Date.now();

  take(): boolean {
    const now = Date.now();
    const earned = ((now - this.refilledAt) / 1000) * SOCKET_EVENTS_PER_SECOND;
    this.tokens = Math.min(SOCKET_EVENT_BURST, this.tokens + earned);
    this.refilledAt = now;
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }
}

/**
 * Gives the socket its budget: a packet over it is dropped, and answered `{ok: false, error}` when
 * the client asked for an answer.
 */
export function budgetEvents(socket: Pick<Socket, 'use'>): void {
  const budget = new EventBudget();
  socket.use((packet, next) => {
    if (budget.take()) return next();
    const ack: unknown = packet[packet.length - 1];
    if (typeof ack === 'function') ack({ ok: false, error: TOO_MANY_EVENTS });
  });
}
