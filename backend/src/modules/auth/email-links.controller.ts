import { Body, Controller, HttpCode, Post, Req } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import {
  forgotPasswordSchema,
  resendVerificationSchema,
  resetPasswordSchema,
  verifyEmailSchema,
  type ForgotPasswordInput,
  type ResendVerificationInput,
  type ResetPasswordInput,
  type VerifyEmailInput,
} from '@papan/shared';
import { CurrentUser, type AuthUser } from '../../common/decorators/current-user.decorator';
import { Public } from '../../common/decorators/public.decorator';
import { ZodValidationPipe } from '../../common/pipes/zod-validation.pipe';
import { requestMeta } from '../../common/request-meta';
import { EmailVerificationService } from './email-verification.service';
import { PasswordResetService } from './password-reset.service';

/** The e-mailed links: address verification and password reset (docs/api.md, "Authentication"). */
@Controller('api/auth')
export class EmailLinksController {
  constructor(
    private readonly verification: EmailVerificationService,
    private readonly reset: PasswordResetService,
  ) {}

  @Public()
  @Post('verify-email')
  @HttpCode(200)
  verifyEmail(@Body(new ZodValidationPipe(verifyEmailSchema)) body: VerifyEmailInput) {
    return this.verification.verify(body.token);
  }

  @Post('resend-verification')
  @HttpCode(202)
  resendVerification(
    @CurrentUser() user: AuthUser,
    @Body(new ZodValidationPipe(resendVerificationSchema)) body: ResendVerificationInput,
    @Req() req: FastifyRequest,
  ) {
    return this.verification.resend(user, body.language, requestMeta(req).ip);
  }

  @Public()
  @Post('forgot-password')
  @HttpCode(202)
  forgotPassword(
    @Body(new ZodValidationPipe(forgotPasswordSchema)) body: ForgotPasswordInput,
    @Req() req: FastifyRequest,
  ) {
    return this.reset.request(body.email, body.language, requestMeta(req).ip);
  }

  @Public()
  @Post('reset-password')
  @HttpCode(200)
  resetPassword(@Body(new ZodValidationPipe(resetPasswordSchema)) body: ResetPasswordInput) {
    return this.reset.reset(body.token, body.password);
  }
}
