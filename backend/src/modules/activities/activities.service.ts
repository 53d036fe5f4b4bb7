import { Injectable } from '@nestjs/common';
import type { Activity, PageQuery } from '@papan/shared';
import type { AuthUser } from '../../common/decorators/current-user.decorator';
import { BoardAccess } from '../board-access/board-access.service';
import { ActivitiesRepository } from './activities.repository';

@Injectable()
export class ActivitiesService {
  constructor(
    private readonly access: BoardAccess,
    private readonly activities: ActivitiesRepository,
  ) {}

  async forBoard(boardId: string, user: AuthUser, page: PageQuery): Promise<Activity[]> {
    await this.access.require(user, { boardId }, 'member');
    return this.activities.forBoard(boardId, page.limit, beforeDate(page));
  }

  /** Only boards the caller is a member of now: a removed member stops seeing that board at once. */
  forUser(user: AuthUser, page: PageQuery): Promise<Activity[]> {
    return this.activities.forUser(user.id, page.limit, beforeDate(page), user.token?.boardIds);
  }
}

const beforeDate = (page: PageQuery): Date | undefined => (page.before ? new Date(page.before) : undefined);
