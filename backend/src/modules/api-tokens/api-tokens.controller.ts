import { Body, Controller, Delete, Get, Param, ParseUUIDPipe, Post } from '@nestjs/common';
import { createApiTokenSchema, type CreateApiToken } from '@papan/shared';
import { AnswerHoldsSecret } from '../../common/decorators/answer-holds-secret.decorator';
import { CurrentUser, type AuthUser } from '../../common/decorators/current-user.decorator';
import { ZodValidationPipe } from '../../common/pipes/zod-validation.pipe';
import { ApiTokensService } from './api-tokens.service';

/** The caller's own tokens. Not marked @TokenAccess: a token never manages tokens. */
@Controller('api/tokens')
export class ApiTokensController {
  constructor(private readonly tokens: ApiTokensService) {}

  @Post()
  @AnswerHoldsSecret()
  create(
    @CurrentUser() user: AuthUser,
    @Body(new ZodValidationPipe(createApiTokenSchema)) body: CreateApiToken,
  ) {
    return this.tokens.create(user, body);
  }

  @Get()
  list(@CurrentUser() user: AuthUser) {
    return this.tokens.list(user);
  }

  @Delete(':id')
  revoke(@CurrentUser() user: AuthUser, @Param('id', new ParseUUIDPipe()) id: string) {
    return this.tokens.revoke(user, id);
  }
}
