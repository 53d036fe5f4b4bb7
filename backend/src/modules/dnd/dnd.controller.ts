import { Body, Controller, HttpCode, Param, ParseUUIDPipe, Post, Put } from '@nestjs/common';
import {
  boardDndSchema,
  dndCardSchema,
  dndListsSchema,
  type BoardDndInput,
  type DndCardInput,
  type DndListsInput,
} from '@papan/shared';
import { CurrentUser, type AuthUser } from '../../common/decorators/current-user.decorator';
import { ZodValidationPipe } from '../../common/pipes/zod-validation.pipe';
import { DndService } from './dnd.service';
import { TokenAccess } from '../../common/decorators/token-access.decorator';

@TokenAccess()
@Controller('api')
export class DndController {
  constructor(private readonly dnd: DndService) {}

  @Post('dnd/list')
  @HttpCode(200)
  orderLists(
    @CurrentUser() user: AuthUser,
    @Body(new ZodValidationPipe(dndListsSchema)) body: DndListsInput,
  ) {
    return this.dnd.orderLists(body.boardId, user, body.orderedLists);
  }

  @Post('dnd/card')
  @HttpCode(200)
  orderCards(@CurrentUser() user: AuthUser, @Body(new ZodValidationPipe(dndCardSchema)) body: DndCardInput) {
    return this.dnd.orderCards(user, body);
  }

  @Put('boards/:id/dnd')
  move(
    @Param('id', new ParseUUIDPipe()) boardId: string,
    @CurrentUser() user: AuthUser,
    @Body(new ZodValidationPipe(boardDndSchema)) body: BoardDndInput,
  ) {
    return body.type === 'card'
      ? this.dnd.moveCard(boardId, user, body)
      : this.dnd.orderListsByPosition(boardId, user, body.lists);
  }
}
