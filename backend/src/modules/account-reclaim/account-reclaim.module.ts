import { Global, Module } from '@nestjs/common';
import { ApiTokensModule } from '../api-tokens/api-tokens.module';
import { MembersModule } from '../members/members.module';
import { SessionsModule } from '../sessions/sessions.module';
import { WebhooksModule } from '../webhooks/webhooks.module';
import { CredentialRevocation } from './credential-revocation';

/**
 * Global: the paths that re-establish who owns an account live in the users and auth modules,
 * which the modules this one reads from import themselves.
 */
@Global()
@Module({
  imports: [ApiTokensModule, MembersModule, SessionsModule, WebhooksModule],
  providers: [CredentialRevocation],
  exports: [CredentialRevocation],
})
export class AccountReclaimModule {}
