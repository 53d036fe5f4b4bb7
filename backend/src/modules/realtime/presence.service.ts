import { Injectable } from '@nestjs/common';
import type { BoardPresence } from '@papan/shared';
import type { AuthUser } from '../../common/decorators/current-user.decorator';
import { BoardAccess } from '../board-access/board-access.service';
import { RealtimeGateway } from './realtime.gateway';

@Injectable()
export class PresenceService {
  constructor(
    private readonly access: BoardAccess,
    private readonly gateway: RealtimeGateway,
  ) {}

  /** The people viewing a board the caller may read (the same list `board:presence` sends). */
  async who(boardId: string, user: AuthUser): Promise<BoardPresence> {
    await this.access.member(boardId, user);
    return this.gateway.presence(boardId);
  }
}
