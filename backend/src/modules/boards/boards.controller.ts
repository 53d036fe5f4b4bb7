import {
  Body,
  Controller,
  Delete,
  Get,
  Headers,
  Param,
  ParseUUIDPipe,
  Post,
  Put,
  Query,
  Res,
} from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import {
  boardReadQuerySchema,
  copyBoardSchema,
  createBoardSchema,
  updateBoardSchema,
  type BoardReadQuery,
  type CopyBoardInput,
  type CreateBoardInput,
  type UpdateBoardInput,
} from '@papan/shared';
import { IfMatch } from '../../common/decorators/if-match.decorator';
import { CurrentUser, type AuthUser } from '../../common/decorators/current-user.decorator';
import { ZodValidationPipe } from '../../common/pipes/zod-validation.pipe';
import { boardListQuerySchema, type BoardListQuery } from './boards.dto';
import { acceptsGzip } from './board-answer-gzip';
import { BoardCopyService } from './board-copy.service';
import { BoardsService } from './boards.service';
import { TokenAccess } from '../../common/decorators/token-access.decorator';

const BoardId = () => Param('id', new ParseUUIDPipe());

@TokenAccess()
@Controller('api/boards')
export class BoardsController {
  constructor(
    private readonly boards: BoardsService,
    private readonly copies: BoardCopyService,
  ) {}

  @Get()
  list(
    @CurrentUser() user: AuthUser,
    @Query(new ZodValidationPipe(boardListQuerySchema, 'query')) q: BoardListQuery,
  ) {
    return this.boards.list(user, q.limit);
  }

  @Post()
  create(
    @CurrentUser() user: AuthUser,
    @Body(new ZodValidationPipe(createBoardSchema)) body: CreateBoardInput,
  ) {
    return this.boards.create(user, body);
  }

  @Get('archived')
  archived(
    @CurrentUser() user: AuthUser,
    @Query(new ZodValidationPipe(boardListQuerySchema, 'query')) q: BoardListQuery,
  ) {
    return this.boards.archived(user, q.limit);
  }

  @Get(':id')
  async read(
    @BoardId() id: string,
    @CurrentUser() user: AuthUser,
    @Headers('if-none-match') ifNoneMatch: string | undefined,
    @Headers('accept-encoding') acceptEncoding: string | undefined,
    @Query(new ZodValidationPipe(boardReadQuerySchema, 'query')) q: BoardReadQuery,
    @Res() reply: FastifyReply,
  ) {
    const result = await this.boards.read(id, user, ifNoneMatch, acceptsGzip(acceptEncoding), q.view);
    reply
      .header('ETag', result.etag)
      .header('Cache-Control', 'private, no-cache')
      .header('Vary', 'Accept-Encoding');
    if (result.notModified) return reply.status(304).send();
    reply.type('application/json; charset=utf-8');
    // Already gzipped (and kept for the other readers of this version): the compression hook leaves it.
    if (result.gzip) return reply.header('Content-Encoding', 'gzip').send(result.gzip);
    return reply.send(result.json);
  }

  @Put(':id')
  update(
    @BoardId() id: string,
    @CurrentUser() user: AuthUser,
    @Body(new ZodValidationPipe(updateBoardSchema)) body: UpdateBoardInput,
    @IfMatch() expected: number | undefined,
  ) {
    return this.boards.update(id, user, body, expected);
  }

  /** A new board made of this one (docs/api.md, "Templates and board copy"). */
  @Post(':id/copy')
  copy(
    @BoardId() id: string,
    @CurrentUser() user: AuthUser,
    @Body(new ZodValidationPipe(copyBoardSchema)) body: CopyBoardInput,
  ) {
    return this.copies.copy(id, user, body);
  }

  @Put(':id/archive')
  archive(@BoardId() id: string, @CurrentUser() user: AuthUser) {
    return this.boards.setArchived(id, user, true);
  }

  @Put(':id/unarchive')
  unarchive(@BoardId() id: string, @CurrentUser() user: AuthUser) {
    return this.boards.setArchived(id, user, false);
  }

  @Delete(':id/permanent')
  deletePermanently(@BoardId() id: string, @CurrentUser() user: AuthUser) {
    return this.boards.deletePermanently(id, user);
  }

  @Put(':id/toggle-pin')
  togglePin(@BoardId() id: string, @CurrentUser() user: AuthUser) {
    return this.boards.togglePin(id, user);
  }
}
