import { Injectable } from '@nestjs/common';
import type { MarkAsReadResult, Notification, PageQuery } from '@papan/shared';
import type { AuthUser } from '../../common/decorators/current-user.decorator';
import { NotificationsRepository } from './notifications.repository';

/** The caller's own notifications only: the user id always comes from the token. */
@Injectable()
export class NotificationsService {
  constructor(private readonly notifications: NotificationsRepository) {}

  list(user: AuthUser, page: PageQuery): Promise<Notification[]> {
    return this.notifications.forUser(user.id, page.limit, page.before ? new Date(page.before) : undefined);
  }

  async markAllRead(user: AuthUser): Promise<MarkAsReadResult> {
    return { updated: await this.notifications.markAllRead(user.id) };
  }
}
