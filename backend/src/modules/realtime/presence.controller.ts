import { Controller, Get, Param, ParseUUIDPipe } from '@nestjs/common';
import type { BoardPresence } from '@papan/shared';
import { CurrentUser, type AuthUser } from '../../common/decorators/current-user.decorator';
import { TokenAccess } from '../../common/decorators/token-access.decorator';
import { PresenceService } from './presence.service';

/** Who has a board open, for the wallboard and dashboards that are not in the board's room. */
@TokenAccess()
@Controller('api/boards/:id/presence')
export class PresenceController {
  constructor(private readonly presence: PresenceService) {}

  @Get()
  who(
    @Param('id', new ParseUUIDPipe()) boardId: string,
    @CurrentUser() user: AuthUser,
  ): Promise<BoardPresence> {
    return this.presence.who(boardId, user);
  }
}
