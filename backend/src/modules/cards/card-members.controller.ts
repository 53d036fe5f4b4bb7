import { Body, Controller, Delete, Param, ParseUUIDPipe, Post } from '@nestjs/common';
import { cardMemberSchema, type CardMemberInput } from '@papan/shared';
import { CurrentUser, type AuthUser } from '../../common/decorators/current-user.decorator';
import { ZodValidationPipe } from '../../common/pipes/zod-validation.pipe';
import { CardMembersService } from './card-members.service';

const Id = (name = 'id') => Param(name, new ParseUUIDPipe());

@Controller('api/cards/:id/members')
export class CardMembersController {
  constructor(private readonly members: CardMembersService) {}

  @Post()
  add(
    @Id() cardId: string,
    @CurrentUser() user: AuthUser,
    @Body(new ZodValidationPipe(cardMemberSchema)) body: CardMemberInput,
  ) {
    return this.members.add(cardId, user, body.userId);
  }

  @Delete(':userId')
  remove(@Id() cardId: string, @Id('userId') userId: string, @CurrentUser() user: AuthUser) {
    return this.members.remove(cardId, user, userId);
  }
}
