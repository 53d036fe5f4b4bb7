/** One version of one board that a transaction of this process has taken and not yet published. */
interface Ticket {
  boardId: string;
  version: number;
  done: Promise<void>;
  settle: () => void;
}

/**
 * Board events leave this process in version order. The board row lock orders the commits, but
 * not the moments their acknowledgements reach us: PostgreSQL releases the lock before it answers
 * the COMMIT, so on a busy machine the next change can commit and be seen first. A change takes a
 * ticket when it bumps the version and publishes only once every lower ticket of its board has
 * been published or abandoned (rolled back). Versions taken by other instances are not waited for;
 * their events arrive through the adapter and clients order what they receive by version.
 */
export class PublishOrder {
  private readonly open = new Map<string, Set<Ticket>>();

  /** Called in the transaction, right after the version was taken. */
  take(boardId: string, version: number): Ticket {
    let settle!: () => void;
    const done = new Promise<void>((resolve) => (settle = resolve));
    const ticket: Ticket = { boardId, version, done, settle };
    const tickets = this.open.get(boardId) ?? new Set();
    tickets.add(ticket);
    this.open.set(boardId, tickets);
    return ticket;
  }

  /** Resolves when every lower ticket of the same board has been settled. */
  async turnOf(ticket: Ticket): Promise<void> {
    const earlier = [...(this.open.get(ticket.boardId) ?? [])].filter((t) => t.version < ticket.version);
    await Promise.all(earlier.map((t) => t.done));
  }

  /** Published, or rolled back: later versions stop waiting for this one. */
  settle(ticket: Ticket): void {
    const tickets = this.open.get(ticket.boardId);
    if (tickets?.delete(ticket) && tickets.size === 0) this.open.delete(ticket.boardId);
    ticket.settle();
  }
}

export type { Ticket as PublishTicket };
