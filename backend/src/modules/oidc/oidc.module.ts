import { Module } from '@nestjs/common';
import { MembersModule } from '../members/members.module';
import { UsersModule } from '../users/users.module';
import { OidcAccountsService } from './oidc-accounts.service';
import { OidcAuthController } from './oidc-auth.controller';
import { OidcAuthService } from './oidc-auth.service';
import { OidcClient } from './oidc-client';
import { OidcLinksModule } from './oidc-links.module';
import { OidcPurge } from './oidc-purge';

/**
 * Single sign-on with an OpenID Connect provider (docs/api.md, "Single sign-on"). The sign-in
 * itself (AuthService, with two-factor sign-in) and the one-time codes come from the global
 * AuthModule; the registration policy from the global InstanceSettingsModule.
 */
@Module({
  imports: [UsersModule, MembersModule, OidcLinksModule],
  controllers: [OidcAuthController],
  providers: [OidcClient, OidcAccountsService, OidcAuthService, OidcPurge],
  exports: [OidcClient],
})
export class OidcModule {}
