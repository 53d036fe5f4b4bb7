import { Body, Controller, Delete, HttpCode, Post, Req } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import {
  twoFactorDisableSchema,
  twoFactorEnableSchema,
  type TwoFactorDisableInput,
  type TwoFactorEnableInput,
} from '@papan/shared';
import { CurrentUser, type AuthUser } from '../../common/decorators/current-user.decorator';
import { ZodValidationPipe } from '../../common/pipes/zod-validation.pipe';
import { requestMeta } from '../../common/request-meta';
import { TwoFactorService } from './two-factor.service';

/** Two-factor sign-in of one's own account (docs/api.md, "Two-factor sign-in"); never by API token. */
@Controller('api/account/2fa')
export class TwoFactorController {
  constructor(private readonly twoFactor: TwoFactorService) {}

  @Post('setup')
  @HttpCode(200)
  setup(@CurrentUser() user: AuthUser) {
    return this.twoFactor.setup(user);
  }

  @Post('enable')
  @HttpCode(200)
  enable(
    @CurrentUser() user: AuthUser,
    @Body(new ZodValidationPipe(twoFactorEnableSchema)) body: TwoFactorEnableInput,
    @Req() req: FastifyRequest,
  ) {
    return this.twoFactor.enable(user, body.code, requestMeta(req));
  }

  @Delete()
  disable(
    @CurrentUser() user: AuthUser,
    @Body(new ZodValidationPipe(twoFactorDisableSchema)) body: TwoFactorDisableInput,
    @Req() req: FastifyRequest,
  ) {
    return this.twoFactor.disable(user, body, requestMeta(req));
  }
}
