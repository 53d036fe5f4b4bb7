import { Injectable, UnauthorizedException, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyRequest } from 'fastify';
import { API_TOKEN_PREFIX } from '@papan/shared';
import { IS_PUBLIC } from '../../common/decorators/public.decorator';
import type { AuthUser } from '../../common/decorators/current-user.decorator';
import { assertTokenMayCall } from '../../common/guards/token-access';
import { isDatabaseUnavailable } from '../../database/database';
import { ApiTokenAuth } from '../api-tokens/api-token-auth';
import { LiveSessions } from '../sessions/live-sessions';
import { TokenService } from '../sessions/token.service';

const TOUCH_EVERY_MS = 60_000;

/** Global: every route needs a valid token whose login session and user still exist. */
@Injectable()
export class AuthGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly tokens: TokenService,
    private readonly sessions: LiveSessions,
    private readonly apiTokens: ApiTokenAuth,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const isPublic = this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, [
      context.getHandler(),
      context.getClass(),
    ]);
    if (isPublic) return true;
    const request = context.switchToHttp().getRequest<FastifyRequest & { user?: AuthUser }>();
    request.user = await this.authenticate(request.headers.authorization);
    // Personal API tokens reach only the routes marked for them, within their scopes (docs/api.md,
    // "What a token may call").
    if (request.user.token) assertTokenMayCall(this.reflector, context, request.user.token);
    return true;
  }

  /** Shared with the socket handshake: the same rules over HTTP and socket.io. */
  async authenticate(header: string | undefined): Promise<AuthUser> {
    const match = /^Bearer\s+(\S+)$/i.exec(header ?? '');
    if (!match) throw new UnauthorizedException('Authentication required');
    if (match[1].startsWith(API_TOKEN_PREFIX)) return this.apiTokens.authenticate(match[1]);
    const payload = await this.tokens.verify(match[1]);
    if (!payload) throw new UnauthorizedException('Invalid or expired token');
    // A malformed id reads as no session; a database that is down must answer 503, not log people out.
    const live = await this.sessions.find(payload.sid, payload.id).catch((err: unknown) => {
      if (isDatabaseUnavailable(err)) throw err;
      return undefined;
    });
    if (!live) throw new UnauthorizedException('Session has ended; please log in again');
    if (Date.now() - live.lastUsedAt.getTime() > TOUCH_EVERY_MS) {
      await this.sessions.touch(payload.sid, new Date(Date.now() - TOUCH_EVERY_MS));
    }
    return { ...live.user, sid: payload.sid, exp: payload.exp };
  }
}
