import { Injectable } from '@nestjs/common';
import type { Namespace, Socket } from 'socket.io';
import type { AuthUser } from '../../common/decorators/current-user.decorator';
import { BoardAccess } from '../board-access/board-access.service';
import { SessionsRepository } from '../sessions/sessions.repository';
import { rooms } from './rooms';

type Adapter = Namespace['adapter'];
type RestoredSession = NonNullable<Awaited<ReturnType<Adapter['restoreSession']>>>;

/**
 * socket.io's connection-state recovery (on with Redis) gives a socket back its rooms and the
 * events it missed. Nothing is given back that its user may no longer have: a login session that
 * ended, a board they were removed from, the admins room after a demotion, another user's rooms.
 */
@Injectable()
export class RecoveryCheck {
  constructor(
    private readonly access: BoardAccess,
    private readonly sessions: SessionsRepository,
  ) {}

  /**
   * socket.io joins the restored rooms and writes the missed events when it builds the socket,
   * before any middleware runs: the stored session is checked right where it is read.
   */
  guard(adapter: Adapter): void {
    const restore = adapter.restoreSession.bind(adapter);
    // A rejection (like the adapter's own "session not found") means no recovery: a fresh connection.
    adapter.restoreSession = async (pid, offset) => this.vet(await restore(pid, offset));
  }

  /** Leaves every room a recovered socket has that its (re-authenticated) user may not be in. */
  async recheck(socket: Socket, user: AuthUser): Promise<void> {
    const restored = [...socket.rooms].filter((room) => room !== socket.id);
    const permitted = await this.permittedRooms(user, restored);
    await Promise.all(restored.filter((room) => !permitted.has(room)).map((room) => socket.leave(room)));
  }

  /** Refuses to recover a socket whose login session ended: it connects afresh, through the handshake. */
  private async vet(session: RestoredSession): Promise<RestoredSession> {
    const stored = (session.data as { user?: AuthUser } | undefined)?.user;
    const live = stored && (await this.sessions.findLive(stored.sid, stored.id));
    if (!stored || !live) throw new Error('the login session has ended');
    const permitted = await this.permittedRooms({ ...live.user, sid: stored.sid }, session.rooms);
    return {
      ...session,
      rooms: session.rooms.filter((room) => permitted.has(room)),
      missedPackets: session.missedPackets.filter((packet) => reaches(packet, permitted)),
    };
  }

  private async permittedRooms(user: AuthUser, names: Iterable<string>): Promise<Set<string>> {
    const checks = [...names].map(async (room): Promise<string | null> => {
      if (room === rooms.user(user.id) || room === rooms.session(user.sid)) return room;
      if (room === rooms.admins) return user.role === 'ADMIN' ? room : null;
      const boardId = rooms.boardIdOf(room);
      if (!boardId) return null;
      return this.access.member(boardId, user).then(
        () => room,
        () => null,
      );
    });
    return new Set((await Promise.all(checks)).filter((room): room is string => room !== null));
  }
}

/** Whether a missed event (`[name, payload, offset]`) was sent to a room the socket keeps. */
function reaches(packet: unknown[], permitted: Set<string>): boolean {
  const [name, payload] = packet as [string, { boardId?: string } | undefined];
  switch (name) {
    case 'board:event':
    case 'board:presence':
      return !!payload?.boardId && permitted.has(rooms.board(payload.boardId));
    case 'admin:stats':
      return permitted.has(rooms.admins);
    case 'notification:new':
      return true; // only ever sent to the user's own room, which they keep
    default:
      return false;
  }
}
