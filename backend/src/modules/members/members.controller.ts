import { Body, Controller, Delete, HttpCode, Param, ParseUUIDPipe, Post } from '@nestjs/common';
import { inviteMemberSchema, type InviteMemberInput } from '@papan/shared';
import { CurrentUser, type AuthUser } from '../../common/decorators/current-user.decorator';
import { ZodValidationPipe } from '../../common/pipes/zod-validation.pipe';
import { MembersService } from './members.service';
import { TokenAccess } from '../../common/decorators/token-access.decorator';

const BoardId = () => Param('id', new ParseUUIDPipe());

@TokenAccess()
@Controller('api/boards/:id')
export class MembersController {
  constructor(private readonly members: MembersService) {}

  @Post('members')
  invite(
    @BoardId() id: string,
    @CurrentUser() user: AuthUser,
    @Body(new ZodValidationPipe(inviteMemberSchema)) body: InviteMemberInput,
  ) {
    return this.members.invite(id, user, body.email);
  }

  @Delete('members/:userId')
  remove(
    @BoardId() id: string,
    @Param('userId', new ParseUUIDPipe()) userId: string,
    @CurrentUser() user: AuthUser,
  ) {
    return this.members.remove(id, user, userId);
  }

  @Post('join')
  @HttpCode(200)
  join(@BoardId() id: string, @CurrentUser() user: AuthUser) {
    return this.members.join(id, user);
  }
}
