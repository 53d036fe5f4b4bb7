import { Module } from '@nestjs/common';
import { OidcIdentitiesRepository } from './oidc-identities.repository';
import { OidcLinker } from './oidc-linker';

/**
 * The accounts linked to the OpenID provider and the links waiting for a password: a module of
 * its own so that the password sign-in (AuthModule) can make a waiting link real without
 * depending on the sign-on flow, which depends on it.
 */
@Module({
  providers: [OidcIdentitiesRepository, OidcLinker],
  exports: [OidcIdentitiesRepository, OidcLinker],
})
export class OidcLinksModule {}
