import { Injectable, UnauthorizedException } from '@nestjs/common';
import { API_TOKEN_LIMITS } from '@papan/shared';
import type { AuthUser } from '../../common/decorators/current-user.decorator';
import { ApiTokensRepository } from './api-tokens.repository';
import { hashTokenSecret } from './token-secret';

const TOUCH_EVERY_MS = 60_000;

/** Turns a `papan_…` bearer secret into its owner, limited to the token's scopes and boards. */
@Injectable()
export class ApiTokenAuth {
  constructor(private readonly tokens: ApiTokensRepository) {}

  async authenticate(secret: string): Promise<AuthUser> {
    if (secret.length > API_TOKEN_LIMITS.secret) throw new UnauthorizedException('Invalid or expired token');
    const row = await this.tokens.findLive(hashTokenSecret(secret));
    if (!row) throw new UnauthorizedException('Invalid or expired token');
    const now = Date.now();
    if (!row.lastUsedAt || now - row.lastUsedAt.getTime() > TOUCH_EVERY_MS) {
      await this.tokens.touch(row.id, new Date(now - TOUCH_EVERY_MS));
    }
    return {
      ...row.user,
      // Never a login session id: socket rooms and "current session" marks cannot mistake one for it.
      sid: `token:${row.id}`,
      exp: row.expiresAt ? Math.floor(row.expiresAt.getTime() / 1000) : undefined,
      token: { id: row.id, scopes: row.scopes, boardIds: row.boardIds },
    };
  }
}
