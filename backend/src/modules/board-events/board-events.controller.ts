import { Controller, Get, Param, ParseUUIDPipe, Query } from '@nestjs/common';
import { boardEventsQuerySchema, type BoardEventsQuery } from '@papan/shared';
import { CurrentUser, type AuthUser } from '../../common/decorators/current-user.decorator';
import { ZodValidationPipe } from '../../common/pipes/zod-validation.pipe';
import { BoardEventsService } from './board-events.service';
import { TokenAccess } from '../../common/decorators/token-access.decorator';

@TokenAccess('events')
@Controller('api/boards/:id/events')
export class BoardEventsController {
  constructor(private readonly events: BoardEventsService) {}

  @Get()
  after(
    @Param('id', new ParseUUIDPipe()) boardId: string,
    @CurrentUser() user: AuthUser,
    @Query(new ZodValidationPipe(boardEventsQuerySchema, 'query')) query: BoardEventsQuery,
  ) {
    return this.events.after(boardId, user, query);
  }
}
