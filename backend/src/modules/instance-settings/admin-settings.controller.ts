import { Body, Controller, Get, HttpCode, Post, Put, Req } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import {
  adminInviteSchema,
  instanceSettingsSchema,
  type AdminInviteInput,
  type InstanceSettingsInput,
} from '@papan/shared';
import { CurrentUser, type AuthUser } from '../../common/decorators/current-user.decorator';
import { Roles } from '../../common/decorators/roles.decorator';
import { ZodValidationPipe } from '../../common/pipes/zod-validation.pipe';
import { requestMeta } from '../../common/request-meta';
import { AdminInvitesService } from './admin-invites.service';
import { InstanceSettingsService } from './instance-settings.service';

/** The instance's settings and administrators' invitations (docs/api.md, "Admin settings"). */
@Controller('api/admin')
@Roles('ADMIN')
export class AdminSettingsController {
  constructor(
    private readonly settings: InstanceSettingsService,
    private readonly invites: AdminInvitesService,
  ) {}

  @Get('settings')
  get() {
    return this.settings.get();
  }

  @Put('settings')
  update(
    @CurrentUser() actor: AuthUser,
    @Body(new ZodValidationPipe(instanceSettingsSchema)) body: InstanceSettingsInput,
    @Req() req: FastifyRequest,
  ) {
    return this.settings.update(actor, body, requestMeta(req));
  }

  @Post('invites')
  @HttpCode(201)
  invite(
    @CurrentUser() actor: AuthUser,
    @Body(new ZodValidationPipe(adminInviteSchema)) body: AdminInviteInput,
    @Req() req: FastifyRequest,
  ) {
    return this.invites.invite(actor, body, requestMeta(req));
  }
}
