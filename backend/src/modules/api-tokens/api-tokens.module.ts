import { Module } from '@nestjs/common';
import { AdminTokensController } from './admin-tokens.controller';
import { ApiTokenAuth } from './api-token-auth';
import { ApiTokensController } from './api-tokens.controller';
import { ApiTokensRepository } from './api-tokens.repository';
import { ApiTokensService } from './api-tokens.service';

/**
 * Personal API tokens (docs/api.md, "Personal API tokens"). AuthGuard authenticates them through
 * ApiTokenAuth.
 */
@Module({
  controllers: [ApiTokensController, AdminTokensController],
  providers: [ApiTokensRepository, ApiTokensService, ApiTokenAuth],
  exports: [ApiTokenAuth, ApiTokensRepository],
})
export class ApiTokensModule {}
