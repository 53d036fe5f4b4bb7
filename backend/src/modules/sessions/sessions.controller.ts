import { Controller, Delete, Get, HttpCode, Param, ParseUUIDPipe, Post } from '@nestjs/common';
import { CurrentUser, type AuthUser } from '../../common/decorators/current-user.decorator';
import { SessionsService } from './sessions.service';

@Controller('api/sessions')
export class SessionsController {
  constructor(private readonly sessions: SessionsService) {}

  @Get()
  list(@CurrentUser() user: AuthUser) {
    return this.sessions.list(user);
  }

  @Delete(':id')
  revoke(@CurrentUser() user: AuthUser, @Param('id', new ParseUUIDPipe()) id: string) {
    return this.sessions.revoke(user, id);
  }
}

/** Log out (docs/api.md, "POST /api/auth/logout"): the token in use stops working at once. */
@Controller('api/auth/logout')
export class SignOutController {
  constructor(private readonly sessions: SessionsService) {}

  @Post()
  @HttpCode(200)
  signOut(@CurrentUser() user: AuthUser) {
    return this.sessions.signOut(user);
  }
}
