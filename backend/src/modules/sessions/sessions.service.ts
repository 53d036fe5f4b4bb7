import { Inject, Injectable, NotFoundException } from '@nestjs/common';
import type { LoginSession } from '@papan/shared';
import type { AuthUser } from '../../common/decorators/current-user.decorator';
import { DATABASE } from '../../database/database.module';
import type { Database } from '../../database/database';
import { AuditService, auditActor } from '../audit/audit.service';
import { currentRequestMeta } from '../audit/request-meta.interceptor';
import { DomainEvents } from '../board-changes/domain-events';
import { SessionsRepository } from './sessions.repository';

@Injectable()
export class SessionsService {
  constructor(
    private readonly sessions: SessionsRepository,
    private readonly events: DomainEvents,
    private readonly audit: AuditService,
    @Inject(DATABASE) private readonly db: Database,
  ) {}

  async list(user: AuthUser): Promise<LoginSession[]> {
    const rows = await this.sessions.forUser(user.id);
    return rows.map((s) => ({
      _id: s.id,
      id: s.id,
      device: { browser: s.browser, os: s.os },
      location: s.location,
      lastUsed: s.lastUsedAt.toISOString(),
      createdAt: s.createdAt.toISOString(),
      current: s.id === user.sid,
    }));
  }

  /** Revokes one of the caller's own sessions; its token answers 401 from the next call on. */
  async revoke(user: AuthUser, sessionId: string): Promise<{ message: string }> {
    await this.end(user, sessionId);
    return { message: 'Session has been revoked.' };
  }

  /** Ends the caller's own session (the account menu's Log out): its token answers 401 from now on. */
  async signOut(user: AuthUser): Promise<{ message: string }> {
    await this.end(user, user.sid);
    return { message: 'Signed out.' };
  }

  /** Ending the session the caller signed in with is a sign-out; ending another one, a revocation. */
  private async end(user: AuthUser, sessionId: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      if (!(await this.sessions.deleteOwn(user.id, sessionId, tx))) {
        throw new NotFoundException('Session not found');
      }
      await this.audit.record(tx, {
        actor: auditActor(user),
        ...currentRequestMeta(),
        action: sessionId === user.sid ? 'auth.signout' : 'auth.session.revoked',
        target: { type: 'session', _id: sessionId },
      });
    });
    await this.events.publish('sessionsEnded', { sid: sessionId });
  }
}
