import { Body, Controller, Delete, Get, Param, ParseUUIDPipe, Post, Put } from '@nestjs/common';
import {
  createListSchema,
  updateListSchema,
  type CreateListInput,
  type UpdateListInput,
} from '@papan/shared';
import { IfMatch } from '../../common/decorators/if-match.decorator';
import { CurrentUser, type AuthUser } from '../../common/decorators/current-user.decorator';
import { ZodValidationPipe } from '../../common/pipes/zod-validation.pipe';
import { ListsService } from './lists.service';
import { TokenAccess } from '../../common/decorators/token-access.decorator';

const Id = () => Param('id', new ParseUUIDPipe());

@TokenAccess()
@Controller('api')
export class ListsController {
  constructor(private readonly lists: ListsService) {}

  @Get('boards/:id/lists')
  ofBoard(@Id() boardId: string, @CurrentUser() user: AuthUser) {
    return this.lists.ofBoard(boardId, user);
  }

  @Post('boards/:id/lists')
  create(
    @Id() boardId: string,
    @CurrentUser() user: AuthUser,
    @Body(new ZodValidationPipe(createListSchema)) body: CreateListInput,
  ) {
    return this.lists.create(boardId, user, body);
  }

  @Put('lists/:id')
  update(
    @Id() listId: string,
    @CurrentUser() user: AuthUser,
    @Body(new ZodValidationPipe(updateListSchema)) body: UpdateListInput,
    @IfMatch() expected: number | undefined,
  ) {
    return this.lists.update(listId, user, body, expected);
  }

  @Delete('lists/:id')
  remove(@Id() listId: string, @CurrentUser() user: AuthUser) {
    return this.lists.remove(listId, user);
  }
}
