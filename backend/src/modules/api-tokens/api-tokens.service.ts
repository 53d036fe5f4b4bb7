import { BadRequestException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import type { AdminApiToken, ApiToken, CreateApiToken, CreatedApiToken } from '@papan/shared';
import type { AppConfig } from '../../common/config/app-config';
import { APP_CONFIG } from '../../common/config/config.module';
import type { AuthUser } from '../../common/decorators/current-user.decorator';
import { requireProvenAddress } from '../../common/proven-address';
import { DomainEvents } from '../board-changes/domain-events';
import { ApiTokensRepository, type AdminApiTokenRow, type ApiTokenRow } from './api-tokens.repository';
import { hashTokenSecret, newTokenSecret } from './token-secret';

const ADMIN_LIST_LIMIT = 1000;

/** Creating, listing and revoking personal API tokens (docs/api.md, "Personal API tokens"). */
@Injectable()
export class ApiTokensService {
  constructor(
    private readonly tokens: ApiTokensRepository,
    private readonly events: DomainEvents,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async create(user: AuthUser, input: CreateApiToken): Promise<CreatedApiToken> {
    requireProvenAddress(user, this.config.mail, 'API tokens');
    const boardIds = input.boardIds ?? null;
    if (boardIds) {
      const member = await this.tokens.memberBoards(user.id, boardIds);
      const foreign = boardIds.find((id) => !member.has(id));
      if (foreign) throw new BadRequestException(`boardIds: you are not a member of board ${foreign}`);
    }
    const token = newTokenSecret();
    const row = await this.tokens.insert({
      userId: user.id,
      name: input.name,
      tokenHash: hashTokenSecret(token),
      scopes: input.scopes,
      boardIds,
      expiresAt: input.expiresAt ? new Date(input.expiresAt) : null,
    });
    const { lastUsedAt: _unused, ...view } = toApiToken(row);
    return { ...view, token };
  }

  async list(user: AuthUser): Promise<{ tokens: ApiToken[] }> {
    return { tokens: (await this.tokens.forUser(user.id)).map(toApiToken) };
  }

  /** Someone else's token is 404, as if it did not exist. */
  async revoke(user: AuthUser, id: string): Promise<{ message: string }> {
    if (!(await this.tokens.delete(id, user.id))) throw new NotFoundException('Token not found');
    // Awaited: every instance has ended the token's streams before the revoke answers.
    await this.events.publish('tokenRevoked', { tokenId: id });
    return { message: 'Token has been revoked.' };
  }

  async listAll(): Promise<{ tokens: AdminApiToken[] }> {
    const rows = await this.tokens.all(ADMIN_LIST_LIMIT);
    return { tokens: rows.map(toAdminApiToken) };
  }

  async revokeAny(id: string): Promise<{ message: string }> {
    if (!(await this.tokens.delete(id))) throw new NotFoundException('Token not found');
    // Awaited: every instance has ended the token's streams before the revoke answers.
    await this.events.publish('tokenRevoked', { tokenId: id });
    return { message: 'Token has been revoked.' };
  }
}

function toApiToken(row: ApiTokenRow): ApiToken {
  return {
    _id: row.id,
    name: row.name,
    scopes: row.scopes,
    boardIds: row.boardIds,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

function toAdminApiToken(row: AdminApiTokenRow): AdminApiToken {
  return {
    ...toApiToken(row),
    owner: { _id: row.owner.id, name: row.owner.name, email: row.owner.email },
  };
}
