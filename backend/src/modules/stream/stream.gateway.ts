import { HttpException } from '@nestjs/common';
import {
  Ack,
  ConnectedSocket,
  MessageBody,
  SubscribeMessage,
  WebSocketGateway,
  type OnGatewayConnection,
  type OnGatewayInit,
} from '@nestjs/websockets';
import type { Namespace, Socket } from 'socket.io';
import {
  streamSubscribeSchema,
  tokenAllows,
  type StreamClientToServerEvents,
  type StreamServerToClientEvents,
  type StreamSubscribeAck,
} from '@papan/shared';
import { z } from 'zod';
import type { AuthUser } from '../../common/decorators/current-user.decorator';
import { AuthGuard } from '../auth/auth.guard';
import { budgetEvents } from '../realtime/event-budget';
import { atExpiry } from '../realtime/token-expiry';
import { StreamHub, StreamResync, type StreamSubscription } from './stream-hub';

interface StreamSocketData {
  user: AuthUser;
  subscriptions: Map<string, StreamSubscription>;
}
type StreamSocket = Socket<
  StreamClientToServerEvents,
  StreamServerToClientEvents,
  Record<string, never>,
  StreamSocketData
>;

const unsubscribeSchema = z.object({ boardId: z.uuid() });

/**
 * socket.io namespace `/stream` (docs/realtime.md, "The stream namespace") for programs (API token
 * or session JWT in `auth.token`). `subscribe {boardId, after?}` replays the events after `after`,
 * acknowledges, then sends live `board:event`s; the same hub as SSE orders them and ends them when
 * access ends — an ending that concerns the credential (revoked, expired, session ended)
 * disconnects the socket, one that concerns a board (member removed, board deleted) ends that
 * subscription with `stream:ended`.
 */
@WebSocketGateway({ namespace: '/stream' })
export class StreamGateway implements OnGatewayInit, OnGatewayConnection {
  constructor(
    private readonly auth: AuthGuard,
    private readonly hub: StreamHub,
  ) {}

  afterInit(namespace: Namespace): void {
    namespace.use((socket, next) => {
      const token = (socket.handshake.auth as { token?: unknown })?.token;
      this.auth
        .authenticate(typeof token === 'string' ? `Bearer ${token}` : undefined)
        .then((user) => {
          // A token needs a scope that reads the stream (boards:read, boards:write or events:read).
          if (user.token && !tokenAllows(user.token.scopes, 'events')) throw new Error('scope');
          Object.assign(socket.data, { user, subscriptions: new Map() });
          next();
        })
        .catch(() => next(new Error('Unauthorized')));
    });
  }

  handleConnection(socket: StreamSocket): void {
    const { user } = socket.data;
    if (!user) return void socket.disconnect(true);
    budgetEvents(socket);
    if (user.exp) {
      const cancel = atExpiry(user.exp, () => socket.disconnect(true));
      socket.on('disconnect', cancel);
    }
    socket.on('disconnect', () => {
      socket.data.subscriptions.forEach((s) => s.close());
      socket.data.subscriptions.clear();
    });
  }

  /**
   * Acknowledged by hand: the answer (with the replay's last version) goes out before the live
   * events that wait behind it, which Nest's answer from the return value would not promise.
   */
  @SubscribeMessage('subscribe')
  async subscribe(
    @ConnectedSocket() socket: StreamSocket,
    @MessageBody() body: unknown,
    @Ack() ack: unknown,
  ): Promise<void> {
    let answered!: () => void;
    const acked = new Promise<void>((resolve) => (answered = resolve));
    try {
      const answer = await this.open(socket, body, acked);
      if (typeof ack === 'function') (ack as (answer: StreamSubscribeAck) => void)(answer);
    } finally {
      answered();
    }
  }

  private async open(socket: StreamSocket, body: unknown, acked: Promise<void>): Promise<StreamSubscribeAck> {
    const parsed = streamSubscribeSchema.safeParse(body);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      return { ok: false, error: `${issue.path.join('.') || 'body'}: ${issue.message}`, status: 400 };
    }
    const { boardId, after } = parsed.data;
    const { subscriptions, user } = socket.data;
    // Subscribing again restarts from the new resume point.
    subscriptions.get(boardId)?.close();
    subscriptions.delete(boardId);
    let ended = false;
    try {
      const subscription = await this.hub.subscribe(
        user,
        boardId,
        after ?? null,
        {
          send: (event) => socket.emit('board:event', event),
          end: (reason, version) => {
            ended = true;
            subscriptions.delete(boardId);
            if (reason === 'removed' || reason === 'deleted' || reason === 'resync' || reason === 'error')
              socket.emit('stream:ended', { boardId, reason, version });
            // The credential itself ended: nothing on this socket may go on.
            else socket.disconnect(true);
          },
        },
        acked,
      );
      // An ending during the replay (the reader's removal in it) was already told.
      if (!socket.connected) subscription.close();
      else if (!ended) subscriptions.set(boardId, subscription);
      return { ok: true, version: subscription.version };
    } catch (err) {
      if (err instanceof StreamResync) return { ok: false, error: 'resync', version: err.version };
      if (err instanceof HttpException) return { ok: false, error: err.message, status: err.getStatus() };
      return { ok: false, error: 'The stream is unavailable; try again.', status: 503 };
    }
  }

  @SubscribeMessage('unsubscribe')
  unsubscribe(@ConnectedSocket() socket: StreamSocket, @MessageBody() body: unknown): { ok: boolean } {
    const parsed = unsubscribeSchema.safeParse(body);
    if (!parsed.success) return { ok: false };
    socket.data.subscriptions.get(parsed.data.boardId)?.close();
    socket.data.subscriptions.delete(parsed.data.boardId);
    return { ok: true };
  }
}
