import { Injectable, NotFoundException } from '@nestjs/common';
import type { LoginSession } from '@papan/shared';
import type { AuthUser } from '../../common/decorators/current-user.decorator';
import { DomainEvents } from '../board-changes/domain-events';
import { SessionsRepository } from './sessions.repository';

@Injectable()
export class SessionsService {
  constructor(
    private readonly sessions: SessionsRepository,
    private readonly events: DomainEvents,
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
    const removed = await this.sessions.deleteOwn(user.id, sessionId);
    if (!removed) throw new NotFoundException('Session not found');
    await this.events.publish('sessionsEnded', { sid: sessionId });
    return { message: 'Session has been revoked.' };
  }
}
