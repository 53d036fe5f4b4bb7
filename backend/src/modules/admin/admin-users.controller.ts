import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  Param,
  ParseUUIDPipe,
  Post,
  Put,
  Query,
} from '@nestjs/common';
import { CurrentUser, type AuthUser } from '../../common/decorators/current-user.decorator';
import { Roles } from '../../common/decorators/roles.decorator';
import { ZodValidationPipe } from '../../common/pipes/zod-validation.pipe';
import {
  adminListQuerySchema,
  bulkUsersSchema,
  updateRoleSchema,
  type AdminListQuery,
  type UpdateRoleInput,
} from './admin.dto';
import { AdminUsersService } from './admin-users.service';

const UserId = () => Param('id', new ParseUUIDPipe());

/**
 * The admin user calls (docs/api.md, "Administrators"); the caller's own account lives in
 * AccountController.
 */
@Controller()
@Roles('ADMIN')
export class AdminUsersController {
  constructor(private readonly users: AdminUsersService) {}

  @Get('api/users')
  list(@Query(new ZodValidationPipe(adminListQuerySchema, 'query')) q: AdminListQuery) {
    return this.users.list(q.limit);
  }

  @Put('api/users/:id')
  changeRole(
    @UserId() id: string,
    @CurrentUser() actor: AuthUser,
    @Body(new ZodValidationPipe(updateRoleSchema)) body: UpdateRoleInput,
  ) {
    return this.users.changeRole(actor, id, body.role);
  }

  /**
   * The administrator vouches for the account's address (docs/api.md,
   * "Administrators: verifying an address").
   */
  @Post('api/admin/users/:id/verify-email')
  @HttpCode(200)
  verifyEmail(@UserId() id: string) {
    return this.users.verifyEmail(id);
  }

  @Delete('api/users/:id')
  deleteOne(@UserId() id: string, @CurrentUser() actor: AuthUser) {
    return this.users.deleteOne(actor, id);
  }

  /**
   * The first clients called the path without /api; the /api one is the alias (docs/api.md,
   * "Administrators").
   */
  @Delete(['admin/users', 'api/admin/users'])
  @HttpCode(200)
  deleteMany(
    @CurrentUser() actor: AuthUser,
    @Body(new ZodValidationPipe(bulkUsersSchema)) body: { userIds: string[] },
  ) {
    return this.users.deleteMany(actor, body.userIds);
  }
}
