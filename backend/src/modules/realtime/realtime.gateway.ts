import { Inject, Logger, type OnModuleDestroy } from '@nestjs/common';
import {
  ConnectedSocket,
  MessageBody,
  SubscribeMessage,
  WebSocketGateway,
  WebSocketServer,
  type OnGatewayConnection,
  type OnGatewayDisconnect,
  type OnGatewayInit,
} from '@nestjs/websockets';
import type { Server, Socket } from 'socket.io';
import { z } from 'zod';
import type {
  BoardEvent,
  BoardPresence,
  ClientToServerEvents,
  JoinAck,
  ServerToClientEvents,
} from '@papan/shared';
import { sendable } from '../../common/board-event-check';
import type { AppConfig } from '../../common/config/app-config';
import { APP_CONFIG } from '../../common/config/config.module';
import type { AuthUser } from '../../common/decorators/current-user.decorator';
import { AuthGuard } from '../auth/auth.guard';
import { BoardAccess } from '../board-access/board-access.service';
import { DomainEvents, type SessionsEnded } from '../board-changes/domain-events';
import { Metrics } from '../metrics/metrics.service';
import { BlockedUsersRepository } from '../users/blocked-users.repository';
import { BoardViewers } from './board-viewers';
import { deliver } from './deliver';
import { InstanceRoster } from './instance-roster';
import { InstanceRelay } from './instance-relay';
import { budgetEvents } from './event-budget';
import { RecoveryCheck } from './recovery-check';
import { rooms } from './rooms';
import { adapterKind } from './socket-io.adapter';
import { atExpiry } from './token-expiry';

interface SocketData {
  user: AuthUser;
}
type PapanServer = Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;
type PapanSocket = Socket<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;

const boardRef = z.object({ boardId: z.uuid() });
/** How long joins and leaves of one board are gathered into one presence announcement. */
const PRESENCE_EVERY_MS = 50;

/**
 * The real-time protocol (docs/realtime.md): authenticated sockets, board rooms behind a membership
 * check, and every committed change fanned out to its board's room (across instances through the
 * adapter).
 */
@WebSocketGateway()
export class RealtimeGateway
  implements OnGatewayInit, OnGatewayConnection, OnGatewayDisconnect, OnModuleDestroy
{
  @WebSocketServer() private server!: PapanServer;
  private readonly logger = new Logger(RealtimeGateway.name);
  private readonly unsubscribe: (() => void)[] = [];
  /** Boards whose presence will be announced shortly (presenceChanged). */
  private readonly presenceDue = new Set<string>();
  /** Board events leave in the order they were committed, even when one needs a lookup first. */
  private outbox: Promise<void> = Promise.resolve();
  /** Events committed in this turn of the event loop, fanned out at its end (queueFanOut). */
  private due: BoardEvent[] = [];
  /** Events also reach other instances' sockets (a Redis or PostgreSQL adapter). */
  private readonly clustered: boolean;
  private viewers: BoardViewers | null = null;

  constructor(
    private readonly auth: AuthGuard,
    private readonly access: BoardAccess,
    private readonly events: DomainEvents,
    private readonly blocked: BlockedUsersRepository,
    private readonly metrics: Metrics,
    private readonly recovery: RecoveryCheck,
    private readonly relay: InstanceRelay,
    private readonly roster: InstanceRoster,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.clustered = adapterKind(config) !== 'memory';
  }

  afterInit(server: PapanServer): void {
    this.metrics.watchSockets(server);
    this.recovery.guard(server.of('/').adapter);
    this.relay.attach(server.of('/'));
    this.roster.attach(server);
    this.viewers = new BoardViewers(server.of('/'), this.clustered);
    server.use((socket, next) => {
      const token = (socket.handshake.auth as { token?: unknown })?.token;
      this.auth
        .authenticate(typeof token === 'string' ? `Bearer ${token}` : undefined)
        .then(async (user) => {
          // The browser's namespace: programs with API tokens use /stream (docs/realtime.md,
          // "The stream namespace").
          if (user.token) throw new Error('API tokens connect to the /stream namespace');
          socket.data.user = user;
          // Before the socket is connected (and receives anything): restored rooms must fit this user.
          if (socket.recovered) await this.recovery.recheck(socket, user);
          next();
        })
        .catch(() => next(new Error('Unauthorized')));
    });
    this.unsubscribe.push(
      this.events.on('board', (e) => this.queueFanOut(e)),
      this.events.on('notification', ({ userId, notification }) =>
        server.to(rooms.user(userId)).emit('notification:new', notification),
      ),
      this.events.on('sessionsEnded', (e) => this.disconnect(e)),
      this.events.on('adminStats', (stats) => server.to(rooms.admins).emit('admin:stats', stats)),
    );
  }

  onModuleDestroy(): void {
    this.unsubscribe.forEach((u) => u());
  }

  async handleConnection(socket: PapanSocket): Promise<void> {
    const { user } = socket.data;
    if (!user) return void socket.disconnect(true);
    // Before any await: every packet the socket sends is counted.
    budgetEvents(socket);
    await socket.join([
      rooms.user(user.id),
      rooms.session(user.sid),
      ...(user.role === 'ADMIN' ? [rooms.admins] : []),
    ]);
    if (user.exp) {
      // The token's end is the socket's end: the client signs in again and reconnects.
      const cancel = atExpiry(user.exp, () => socket.disconnect(true));
      socket.on('disconnect', cancel);
    }
    socket.on('disconnecting', () => {
      const boards = [...socket.rooms].map(rooms.boardIdOf).filter((id): id is string => !!id);
      // After the socket has left its rooms, tell the others who is still looking.
      setImmediate(() => boards.forEach((id) => this.presenceChanged(id)));
    });
  }

  handleDisconnect(): void {
    // Presence is announced from 'disconnecting', while the socket's rooms are still known.
  }

  @SubscribeMessage('board:join')
  async join(@ConnectedSocket() socket: PapanSocket, @MessageBody() body: unknown): Promise<JoinAck> {
    const parsed = boardRef.safeParse(body);
    if (!parsed.success) return { ok: false, error: 'boardId: must be a valid id' };
    try {
      const board = await this.access.member(parsed.data.boardId, socket.data.user);
      const room = rooms.board(board.id);
      await socket.join(room);
      // A removal committed between the check and the join found no socket to take out: look again.
      await this.access.member(board.id, socket.data.user).catch(async (err: unknown) => {
        await socket.leave(room);
        throw err;
      });
      this.presenceChanged(board.id);
      return { ok: true, version: board.version };
    } catch (err) {
      return { ok: false, error: (err as Error).message };
    }
  }

  @SubscribeMessage('board:leave')
  async leave(
    @ConnectedSocket() socket: PapanSocket,
    @MessageBody() body: unknown,
  ): Promise<{ ok: boolean }> {
    const parsed = boardRef.safeParse(body);
    if (!parsed.success) return { ok: false };
    const room = rooms.board(parsed.data.boardId);
    // Leaving a room the socket is not in costs nothing and tells nobody.
    if (!socket.rooms.has(room)) return { ok: true };
    await socket.leave(room);
    this.presenceChanged(parsed.data.boardId);
    return { ok: true };
  }

  /**
   * The change's own HTTP answer goes first: the events committed in this turn of the event loop
   * are fanned out after it (setImmediate runs once the turn's answers are written), in order. A
   * mover on a board watched by 200 sockets waited for all 200 frames before its answer
   * (docs/realtime.md, "One change, end to end").
   */
  private queueFanOut(event: BoardEvent): void {
    this.due.push(event);
    if (this.due.length > 1) return;
    setImmediate(() => {
      const batch = this.due;
      this.due = [];
      for (const each of batch)
        this.outbox = this.outbox
          .then(() => this.fanOut(each))
          .catch((err: Error) => this.logger.error(err.message));
    });
  }

  private async fanOut(event: BoardEvent): Promise<void> {
    const room = rooms.board(event.boardId);
    const hidden = await this.hiddenFrom(event);
    // Checked against the shared schema (once per event) when someone may be listening: one that
    // fails is not sent, and its readers find the gap at the next event and catch up from the log.
    // An empty room of a lone instance takes it unchecked: it reaches no one.
    if (hidden && (!this.mayListen(room) || sendable(event, 'socket'))) {
      await deliver(this.server, room, hidden.map(rooms.user), 'board:event', event);
      this.metrics.boardEvents.inc({ type: event.type });
    }
    // Access ends with the event that ends it: the removed member and a deleted board's viewers leave.
    if (event.type === 'member.removed') {
      this.server.in(rooms.user(event.payload.userId)).socketsLeave(room);
    } else if (event.type === 'board.deleted') {
      this.server.in(room).socketsLeave(room);
    }
  }

  /** Whether any socket may be in the room: one here, or any on another instance (not known here). */
  private mayListen(room: string): boolean {
    return this.clustered || (this.server.of('/').adapter.rooms.get(room)?.size ?? 0) > 0;
  }

  /**
   * Users the author has blocked do not see the author's comments, live or not. When that list
   * cannot be read, nobody gets the comment live (null): the version gap makes clients refetch.
   */
  private async hiddenFrom(event: BoardEvent): Promise<string[] | null> {
    // A rule's comment (actorId null) has no author to block.
    if (!event.type.startsWith('comment.') || event.actorId === null) return [];
    try {
      return await this.blocked.blockedIdsOf(event.actorId);
    } catch (err) {
      this.logger.warn(`${event.type} on ${event.boardId} withheld: ${(err as Error).message}`);
      return null;
    }
  }

  private disconnect(ended: SessionsEnded): void {
    if ('sid' in ended) {
      this.server.in(rooms.session(ended.sid)).disconnectSockets(true);
      return;
    }
    const target = this.server.in(rooms.user(ended.userId));
    (ended.keepSid ? target.except(rooms.session(ended.keepSid)) : target).disconnectSockets(true);
  }

  /**
   * Joins and leaves within PRESENCE_EVERY_MS announce once: a class opening one board (200 joins)
   * sent 200 announcements to up to 200 sockets each, and looked the room up 200 times.
   */
  private presenceChanged(boardId: string): void {
    if (this.presenceDue.has(boardId)) return;
    this.presenceDue.add(boardId);
    setTimeout(() => {
      this.presenceDue.delete(boardId);
      void this.announcePresence(boardId);
    }, PRESENCE_EVERY_MS).unref();
  }

  /** Who has the board open on any instance (the others asked through the adapter), each person once. */
  presence(boardId: string): Promise<BoardPresence> {
    // Before the socket server is up nobody can be viewing.
    return this.viewers?.everywhere(boardId) ?? Promise.resolve({ boardId, users: [] });
  }

  private async announcePresence(boardId: string): Promise<void> {
    try {
      this.server.to(rooms.board(boardId)).emit('board:presence', await this.presence(boardId));
    } catch (err) {
      this.logger.warn(`presence for ${boardId} unavailable: ${(err as Error).message}`);
    }
  }
}
