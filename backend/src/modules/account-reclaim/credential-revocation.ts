import { Injectable, Logger } from '@nestjs/common';
import type { Transaction } from '../../database/database';
import { notificationText } from '../../common/html';
import { ApiTokensRepository } from '../api-tokens/api-tokens.repository';
import { DomainEvents } from '../board-changes/domain-events';
import { InvitationsRepository } from '../members/invitations.repository';
import {
  NotificationsRepository,
  toNotification,
  type NotificationRow,
} from '../notifications/notifications.repository';
import { SessionsRepository } from '../sessions/sessions.repository';
import { WebhooksRepository } from '../webhooks/webhooks.repository';

/** What one revocation ended, for what must be said once it has committed. */
export interface Revoked {
  userId: string;
  /** The login session that asked (a password change) and stays signed in. */
  keepSid?: string;
  tokenIds: string[];
  /** The owners' notifications of the webhooks that went off. */
  notices: NotificationRow[];
  invitations: number;
}

/**
 * Every credential an account holds, ended in the caller's transaction: whenever its ownership is
 * re-established (Google takes an unverified account over, ADMIN_EMAIL seeds it, a password is
 * reset by mail) or its owner asks at a password change (docs/security.md, section 14). Login
 * sessions, API tokens, the webhooks it added (off, their owner told) and the invitations it sent
 * that nobody has taken up yet: whoever held the account before keeps no way in and no way out.
 */
@Injectable()
export class CredentialRevocation {
  private readonly logger = new Logger(CredentialRevocation.name);

  constructor(
    private readonly sessions: SessionsRepository,
    private readonly tokens: ApiTokensRepository,
    private readonly webhooks: WebhooksRepository,
    private readonly invitations: InvitationsRepository,
    private readonly notifications: NotificationsRepository,
    private readonly events: DomainEvents,
  ) {}

  async revoke(userId: string, tx: Transaction, keepSid?: string): Promise<Revoked> {
    if (keepSid) await this.sessions.deleteOthers(userId, keepSid, tx);
    else await this.sessions.deleteAll(userId, tx);
    const tokenIds = await this.tokens.deleteAllOf(userId, tx);
    const hooks = await this.webhooks.disableCreatedBy(userId, tx);
    const notices = await this.notifications.insertMany(
      hooks.map((hook) => ({
        userId: hook.ownerId,
        boardId: hook.boardId,
        ...notificationText('webhookRevoked', { board: hook.boardTitle, url: hook.url }),
      })),
      tx,
    );
    const invitations = await this.invitations.deleteSentBy(userId, tx);
    return { userId, keepSid, tokenIds, notices, invitations };
  }

  /**
   * After the commit: sockets and streams end on every instance before this resolves (the
   * awaited listeners of DomainEvents), and the owners of the webhooks hear of them.
   */
  async announce(revoked: Revoked): Promise<void> {
    const { userId, keepSid, tokenIds, notices, invitations } = revoked;
    await this.events.publish('sessionsEnded', keepSid ? { userId, keepSid } : { userId });
    await Promise.all(tokenIds.map((tokenId) => this.events.publish('tokenRevoked', { tokenId })));
    notices.forEach((row) => {
      void this.events.publish('notification', { userId: row.userId, notification: toNotification(row) });
    });
    if (tokenIds.length || notices.length || invitations)
      this.logger.warn(
        `Credentials of user ${userId} revoked: ${tokenIds.length} API tokens, ${notices.length} webhooks off, ${invitations} invitations withdrawn`,
      );
  }
}
