import { Controller, Get, Headers, Param, ParseUUIDPipe, Query, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { CurrentUser, type AuthUser } from '../../common/decorators/current-user.decorator';
import { TokenAccess } from '../../common/decorators/token-access.decorator';
import { StreamService } from './stream.service';

/**
 * Server-Sent Events for dashboards (session or token with a read scope; docs/api.md,
 * "Live stream").
 */
@TokenAccess('events')
@Controller('api')
export class StreamController {
  constructor(private readonly stream: StreamService) {}

  @Get('boards/:id/stream')
  board(
    @Param('id', new ParseUUIDPipe()) boardId: string,
    @CurrentUser() user: AuthUser,
    @Query('after') after: unknown,
    @Headers('last-event-id') lastEventId: string | undefined,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    return this.stream.board(user, boardId, { after, lastEventId }, reply);
  }

  @Get('stream')
  boards(
    @Query('boards') boards: unknown,
    @CurrentUser() user: AuthUser,
    @Query('after') after: unknown,
    @Headers('last-event-id') lastEventId: string | undefined,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    return this.stream.boards(user, boards, { after, lastEventId }, reply);
  }
}
