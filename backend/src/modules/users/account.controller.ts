import { Body, Controller, Delete, Get, HttpCode, Post, Put, Req } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { blockUserSchema, changePasswordSchema, unblockUserSchema, type ChangePassword } from '@papan/shared';
import { CurrentUser, type AuthUser } from '../../common/decorators/current-user.decorator';
import { ZodValidationPipe } from '../../common/pipes/zod-validation.pipe';
import { AuthService } from '../auth/auth.service';
import { AccountService } from './account.service';
import { readProfileForm } from './profile-form';

@Controller('api/users')
export class AccountController {
  constructor(
    private readonly account: AccountService,
    private readonly auth: AuthService,
  ) {}

  /** The same answer as GET /api/auth/me: the user and whether two-factor sign-in is on. */
  @Get('me')
  me(@CurrentUser() user: AuthUser) {
    return this.auth.me(user.id);
  }

  @Put('profile')
  async updateProfile(@CurrentUser() user: AuthUser, @Req() req: FastifyRequest) {
    return this.account.updateProfile(user, await readProfileForm(req));
  }

  @Put('change-password')
  changePassword(
    @CurrentUser() user: AuthUser,
    @Body(new ZodValidationPipe(changePasswordSchema)) body: ChangePassword,
  ) {
    return this.account.changePassword(user, body);
  }

  @Post('block')
  @HttpCode(200)
  block(
    @CurrentUser() user: AuthUser,
    @Body(new ZodValidationPipe(blockUserSchema)) body: { userIdToBlock: string },
  ) {
    return this.account.block(user, body.userIdToBlock);
  }

  @Post('unblock')
  @HttpCode(200)
  unblock(
    @CurrentUser() user: AuthUser,
    @Body(new ZodValidationPipe(unblockUserSchema)) body: { userIdToUnblock: string },
  ) {
    return this.account.unblock(user, body.userIdToUnblock);
  }

  @Get('blocked')
  blocked(@CurrentUser() user: AuthUser) {
    return this.account.listBlocked(user);
  }

  @Delete('me')
  async deleteMe(@CurrentUser() user: AuthUser) {
    await this.account.deleteUser(user.id);
    return { message: 'Your account has been deleted successfully.' };
  }
}
