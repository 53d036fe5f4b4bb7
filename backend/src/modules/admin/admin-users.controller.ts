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

/** SPEC §7's admin user calls; the caller's own account lives in AccountController. */
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

  /** ARCHITECTURE §10.9: the administrator vouches for the account's address. */
  @Post('api/admin/users/:id/verify-email')
  @HttpCode(200)
  verifyEmail(@UserId() id: string) {
    return this.users.verifyEmail(id);
  }

  @Delete('api/users/:id')
  deleteOne(@UserId() id: string, @CurrentUser() actor: AuthUser) {
    return this.users.deleteOne(actor, id);
  }

  /** SPEC §7 names the path without /api; ARCHITECTURE §5 adds the /api one. */
  @Delete(['admin/users', 'api/admin/users'])
  @HttpCode(200)
  deleteMany(
    @CurrentUser() actor: AuthUser,
    @Body(new ZodValidationPipe(bulkUsersSchema)) body: { userIds: string[] },
  ) {
    return this.users.deleteMany(actor, body.userIds);
  }
}
