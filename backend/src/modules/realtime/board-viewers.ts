import type { BoardPresence } from '@papan/shared';
import type { Namespace } from 'socket.io';
import type { AuthUser } from '../../common/decorators/current-user.decorator';
import { rooms } from './rooms';

type Viewer = BoardPresence['users'][number];

/** The server-side event with which an instance asks the others who has a board open there. */
const VIEWERS = 'papan:viewers';

/**
 * Who has a board open (docs/realtime.md, "Several instances"). Each instance answers for its own sockets
 * with the people only — an id and a name each, once per person. `fetchSockets()` carried every
 * socket's handshake (its headers, its token) between instances: on the PostgreSQL adapter a
 * board of 50 viewers made each presence answer ~75 kB, written to and read from a table, and a
 * room of joins queued seconds of those in front of the board events (docs/operations.md, "Capacity").
 */
export class BoardViewers {
  constructor(
    private readonly namespace: Namespace,
    private readonly clustered: boolean,
  ) {
    if (clustered)
      namespace.on(VIEWERS, (boardId: unknown, ack?: (viewers: Viewer[]) => void) => {
        if (typeof boardId === 'string') ack?.(this.here(boardId));
      });
  }

  /** The people viewing the board through this instance's sockets, each once. */
  here(boardId: string): Viewer[] {
    const viewers = new Map<string, Viewer>();
    for (const id of this.namespace.adapter.rooms.get(rooms.board(boardId)) ?? []) {
      const user = (this.namespace.sockets.get(id)?.data as { user?: AuthUser } | undefined)?.user;
      if (user && !viewers.has(user.id)) viewers.set(user.id, { _id: user.id, name: user.name });
    }
    return [...viewers.values()];
  }

  /** The people viewing the board on any instance, each once (the other instances asked). */
  async everywhere(boardId: string): Promise<BoardPresence> {
    const viewers = new Map(this.here(boardId).map((v) => [v._id, v]));
    if (this.clustered && (await this.namespace.adapter.serverCount()) > 1) {
      const answers = (await this.namespace.serverSideEmitWithAck(VIEWERS, boardId)) as Viewer[][];
      for (const viewer of answers.flat()) if (!viewers.has(viewer._id)) viewers.set(viewer._id, viewer);
    }
    return { boardId, users: [...viewers.values()] };
  }
}
