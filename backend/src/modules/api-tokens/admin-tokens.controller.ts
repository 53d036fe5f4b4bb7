import { CurrentUser, type AuthUser } from '../../common/decorators/current-user.decorator';
import { Controller, Delete, Get, Param, ParseUUIDPipe } from '@nestjs/common';
import { Roles } from '../../common/decorators/roles.decorator';
import { ApiTokensService } from './api-tokens.service';

/**
 * The admin console's view of every token (docs/api.md, "Personal API tokens"); no secrets, ever.
 */
@Controller('api/admin/tokens')
@Roles('ADMIN')
export class AdminTokensController {
  constructor(private readonly tokens: ApiTokensService) {}

  @Get()
  list() {
    return this.tokens.listAll();
  }

  @Delete(':id')
  revoke(@Param('id', new ParseUUIDPipe()) id: string, @CurrentUser() admin: AuthUser) {
    return this.tokens.revokeAny(admin, id);
  }
}
