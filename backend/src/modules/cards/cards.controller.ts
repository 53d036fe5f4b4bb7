import { Body, Controller, Delete, Get, HttpCode, Param, ParseUUIDPipe, Post, Put } from '@nestjs/common';
import {
  attachLabelSchema,
  createCardSchema,
  updateCardSchema,
  type AttachLabelInput,
  type CreateCardInput,
  type UpdateCardInput,
} from '@papan/shared';
import { IfMatch } from '../../common/decorators/if-match.decorator';
import { CurrentUser, type AuthUser } from '../../common/decorators/current-user.decorator';
import { ZodValidationPipe } from '../../common/pipes/zod-validation.pipe';
import { CardsService } from './cards.service';
import { TokenAccess } from '../../common/decorators/token-access.decorator';

const Id = (name = 'id') => Param(name, new ParseUUIDPipe());

@TokenAccess()
@Controller('api')
export class CardsController {
  constructor(private readonly cards: CardsService) {}

  @Get('lists/:id/cards')
  ofList(@Id() listId: string, @CurrentUser() user: AuthUser) {
    return this.cards.ofList(listId, user);
  }

  @Post('lists/:id/cards')
  create(
    @Id() listId: string,
    @CurrentUser() user: AuthUser,
    @Body(new ZodValidationPipe(createCardSchema)) body: CreateCardInput,
  ) {
    return this.cards.create(listId, user, body);
  }

  @Put('cards/:id')
  update(
    @Id() cardId: string,
    @CurrentUser() user: AuthUser,
    @Body(new ZodValidationPipe(updateCardSchema)) body: UpdateCardInput,
    @IfMatch() expected: number | undefined,
  ) {
    return this.cards.update(cardId, user, body, expected);
  }

  @Delete('cards/:id')
  remove(@Id() cardId: string, @CurrentUser() user: AuthUser) {
    return this.cards.remove(cardId, user);
  }

  @Post('cards/:id/copy')
  copy(@Id() cardId: string, @CurrentUser() user: AuthUser) {
    return this.cards.copy(cardId, user);
  }

  @Post('cards/:id/labels')
  @HttpCode(200)
  addLabel(
    @Id() cardId: string,
    @CurrentUser() user: AuthUser,
    @Body(new ZodValidationPipe(attachLabelSchema)) body: AttachLabelInput,
  ) {
    return this.cards.addLabel(cardId, user, body.labelId);
  }

  @Delete('cards/:id/labels/:labelId')
  removeLabel(@Id() cardId: string, @Id('labelId') labelId: string, @CurrentUser() user: AuthUser) {
    return this.cards.removeLabel(cardId, user, labelId);
  }

  @Get('cards/:id/checklists')
  checklists(@Id() cardId: string, @CurrentUser() user: AuthUser) {
    return this.cards.checklists(cardId, user);
  }
}
