import { Body, Controller, Delete, Param, ParseUUIDPipe, Post, Put } from '@nestjs/common';
import {
  createChecklistItemSchema,
  createChecklistSchema,
  updateChecklistItemSchema,
  updateChecklistSchema,
  type CreateChecklistInput,
  type CreateChecklistItemInput,
  type UpdateChecklistInput,
  type UpdateChecklistItemInput,
} from '@papan/shared';
import { IfMatch } from '../../common/decorators/if-match.decorator';
import { CurrentUser, type AuthUser } from '../../common/decorators/current-user.decorator';
import { ZodValidationPipe } from '../../common/pipes/zod-validation.pipe';
import { ChecklistItemsService } from './checklist-items.service';
import { ChecklistsService } from './checklists.service';
import { TokenAccess } from '../../common/decorators/token-access.decorator';

const Id = () => Param('id', new ParseUUIDPipe());
const ItemId = () => Param('itemId', new ParseUUIDPipe());

/** `GET /api/cards/:id/checklists` belongs to the cards module. */
@TokenAccess()
@Controller('api')
export class ChecklistsController {
  constructor(
    private readonly checklists: ChecklistsService,
    private readonly items: ChecklistItemsService,
  ) {}

  @Post('cards/:id/checklists')
  create(
    @Id() cardId: string,
    @CurrentUser() user: AuthUser,
    @Body(new ZodValidationPipe(createChecklistSchema)) body: CreateChecklistInput,
  ) {
    return this.checklists.create(cardId, user, body);
  }

  @Put('checklists/:id')
  update(
    @Id() checklistId: string,
    @CurrentUser() user: AuthUser,
    @Body(new ZodValidationPipe(updateChecklistSchema)) body: UpdateChecklistInput,
    @IfMatch() expected: number | undefined,
  ) {
    return this.checklists.update(checklistId, user, body, expected);
  }

  @Delete('checklists/:id')
  delete(@Id() checklistId: string, @CurrentUser() user: AuthUser) {
    return this.checklists.delete(checklistId, user);
  }

  @Post('checklists/:id/items')
  createItem(
    @Id() checklistId: string,
    @CurrentUser() user: AuthUser,
    @Body(new ZodValidationPipe(createChecklistItemSchema)) body: CreateChecklistItemInput,
  ) {
    return this.items.create(checklistId, user, body);
  }

  @Put('checklists/:id/items/:itemId')
  updateItem(
    @Id() checklistId: string,
    @ItemId() itemId: string,
    @CurrentUser() user: AuthUser,
    @Body(new ZodValidationPipe(updateChecklistItemSchema)) body: UpdateChecklistItemInput,
    @IfMatch() expected: number | undefined,
  ) {
    return this.items.update(checklistId, itemId, user, body, expected);
  }

  @Delete('checklists/:id/items/:itemId')
  deleteItem(@Id() checklistId: string, @ItemId() itemId: string, @CurrentUser() user: AuthUser) {
    return this.items.delete(checklistId, itemId, user);
  }
}
