import { Body, Controller, Delete, Get, HttpCode, Param, ParseUUIDPipe, Query } from '@nestjs/common';
import { CurrentUser, type AuthUser } from '../../common/decorators/current-user.decorator';
import { Roles } from '../../common/decorators/roles.decorator';
import { ZodValidationPipe } from '../../common/pipes/zod-validation.pipe';
import { adminListQuerySchema, bulkBoardsSchema, type AdminListQuery } from './admin.dto';
import { AdminBoardsService } from './admin-boards.service';

@Controller('api/admin/boards')
@Roles('ADMIN')
export class AdminBoardsController {
  constructor(private readonly boards: AdminBoardsService) {}

  @Get()
  list(@Query(new ZodValidationPipe(adminListQuerySchema, 'query')) q: AdminListQuery) {
    return this.boards.list(q.limit);
  }

  @Delete(':id')
  deleteOne(@Param('id', new ParseUUIDPipe()) id: string, @CurrentUser() actor: AuthUser) {
    return this.boards.deleteOne(actor, id);
  }

  @Delete()
  @HttpCode(200)
  deleteMany(
    @CurrentUser() actor: AuthUser,
    @Body(new ZodValidationPipe(bulkBoardsSchema)) body: { boardIds: string[] },
  ) {
    return this.boards.deleteMany(actor, body.boardIds);
  }
}
