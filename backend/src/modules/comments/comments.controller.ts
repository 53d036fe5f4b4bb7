import { Body, Controller, Delete, Get, Param, ParseUUIDPipe, Post, Put, Query } from '@nestjs/common';
import { commentTextSchema, pageQuerySchema, type CommentTextInput, type PageQuery } from '@papan/shared';
import { IfMatch } from '../../common/decorators/if-match.decorator';
import { CurrentUser, type AuthUser } from '../../common/decorators/current-user.decorator';
import { ZodValidationPipe } from '../../common/pipes/zod-validation.pipe';
import { CommentsService } from './comments.service';
import { TokenAccess } from '../../common/decorators/token-access.decorator';

const Id = () => Param('id', new ParseUUIDPipe());

@TokenAccess()
@Controller('api')
export class CommentsController {
  constructor(private readonly comments: CommentsService) {}

  @Get('cards/:id/comments')
  list(
    @Id() cardId: string,
    @CurrentUser() user: AuthUser,
    @Query(new ZodValidationPipe(pageQuerySchema, 'query')) page: PageQuery,
  ) {
    return this.comments.list(cardId, user, page);
  }

  @Post('cards/:id/comments')
  create(
    @Id() cardId: string,
    @CurrentUser() user: AuthUser,
    @Body(new ZodValidationPipe(commentTextSchema)) body: CommentTextInput,
  ) {
    return this.comments.create(cardId, user, body);
  }

  @Put('comments/:id')
  update(
    @Id() commentId: string,
    @CurrentUser() user: AuthUser,
    @Body(new ZodValidationPipe(commentTextSchema)) body: CommentTextInput,
    @IfMatch() expected: number | undefined,
  ) {
    return this.comments.update(commentId, user, body, expected);
  }

  @Delete('comments/:id')
  delete(@Id() commentId: string, @CurrentUser() user: AuthUser) {
    return this.comments.delete(commentId, user);
  }
}
