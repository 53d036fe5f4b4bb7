import { BadRequestException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import type { AdminApiToken, ApiToken, CreateApiToken, CreatedApiToken } from '@papan/shared';
import type { AppConfig } from '../../common/config/app-config';
import { APP_CONFIG } from '../../common/config/config.module';
import type { AuthUser } from '../../common/decorators/current-user.decorator';
import { requireProvenAddress } from '../../common/proven-address';
import { DATABASE } from '../../database/database.module';
import type { Database } from '../../database/database';
import { AuditService, auditActor, type AuditActor } from '../audit/audit.service';
import { currentRequestMeta } from '../audit/request-meta.interceptor';
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
    private readonly audit: AuditService,
    @Inject(DATABASE) private readonly db: Database,
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
    const row = await this.db.transaction(async (tx) => {
      const created = await this.tokens.insert(
        {
          userId: user.id,
          name: input.name,
          tokenHash: hashTokenSecret(token),
          scopes: input.scopes,
          boardIds,
          expiresAt: input.expiresAt ? new Date(input.expiresAt) : null,
        },
        tx,
      );
      await this.audit.record(tx, {
        actor: auditActor(user),
        ...currentRequestMeta(),
        action: 'token.created',
        target: { type: 'token', _id: created.id },
        details: { name: input.name, scopes: input.scopes, boardIds },
      });
      return created;
    });
    const { lastUsedAt: _unused, ...view } = toApiToken(row);
    return { ...view, token };
  }

  async list(user: AuthUser): Promise<{ tokens: ApiToken[] }> {
    return { tokens: (await this.tokens.forUser(user.id)).map(toApiToken) };
  }

  /** Someone else's token is 404, as if it did not exist. */
  async revoke(user: AuthUser, id: string): Promise<{ message: string }> {
    await this.deleteAudited(auditActor(user), id, user.id);
    // Awaited: every instance has ended the token's streams before the revoke answers.
    await this.events.publish('tokenRevoked', { tokenId: id });
    return { message: 'Token has been revoked.' };
  }

  async listAll(): Promise<{ tokens: AdminApiToken[] }> {
    const rows = await this.tokens.all(ADMIN_LIST_LIMIT);
    return { tokens: rows.map(toAdminApiToken) };
  }

  async revokeAny(admin: AuthUser, id: string): Promise<{ message: string }> {
    await this.deleteAudited(auditActor(admin), id);
    // Awaited: every instance has ended the token's streams before the revoke answers.
    await this.events.publish('tokenRevoked', { tokenId: id });
    return { message: 'Token has been revoked.' };
  }

  private async deleteAudited(actor: AuditActor, id: string, ownerId?: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      const gone = await this.tokens.delete(id, ownerId, tx);
      if (!gone) throw new NotFoundException('Token not found');
      await this.audit.record(tx, {
        actor,
        ...currentRequestMeta(),
        action: 'token.revoked',
        target: { type: 'token', _id: id },
        details: { ownerId: gone.userId, byAdmin: ownerId === undefined },
      });
    });
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
