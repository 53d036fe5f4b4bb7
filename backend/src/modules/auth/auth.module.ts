import { createSecretKey } from 'node:crypto';
import { Module, type DynamicModule } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { JwtModule } from '@nestjs/jwt';
import { ApiTokensModule } from '../api-tokens/api-tokens.module';
import { MembersModule } from '../members/members.module';
import { OidcLinksModule } from '../oidc/oidc-links.module';
import { TwoFactorModule } from '../two-factor/two-factor.module';
import { SessionsModule } from '../sessions/sessions.module';
import { UsersModule } from '../users/users.module';
import { AuthController } from './auth.controller';
import { AuthGuard } from './auth.guard';
import { AuthRateLimiter } from './auth-rate-limiter';
import { AuthService } from './auth.service';
import { GoogleAccountsService } from './google-accounts.service';
import { GoogleAuthController } from './google-auth.controller';
import { GoogleAuthService } from './google-auth.service';
import { GoogleUsersRepository } from './google-users.repository';
import { GoogleSignInCodesRepository } from './google-sign-in-codes.repository';
import { EmailLinks } from './email-links';
import { EmailLinksController } from './email-links.controller';
import { EmailTokensRepository } from './email-tokens.repository';
import { EmailVerificationService } from './email-verification.service';
import { LinkPurge } from './link-purge';
import { MailRateLimiter } from './mail-rate-limiter';
import { PasswordResetService } from './password-reset.service';

export interface AuthModuleOptions {
  jwtSecret: string;
  jwtTtl: string;
}

@Module({})
export class AuthModule {
  static forRoot(options: AuthModuleOptions): DynamicModule {
    return {
      module: AuthModule,
      // Global: the socket gateway authenticates handshakes with the same guard.
      global: true,
      imports: [
        UsersModule,
        SessionsModule,
        MembersModule,
        ApiTokensModule,
        TwoFactorModule,
        OidcLinksModule,
        JwtModule.register({
          global: true,
          // A KeyObject, not the string: given a string, jsonwebtoken first tries (and fails) to parse it
          // as a public key on every verify — an exception and ~0.5 ms of CPU per request.
          secret: createSecretKey(Buffer.from(options.jwtSecret)),
          signOptions: { expiresIn: options.jwtTtl as `${number}d`, algorithm: 'HS256' as const },
          verifyOptions: { algorithms: ['HS256' as const] },
        }),
      ],
      controllers: [AuthController, EmailLinksController, GoogleAuthController],
      providers: [
        AuthService,
        AuthRateLimiter,
        AuthGuard,
        { provide: APP_GUARD, useExisting: AuthGuard },
        GoogleAuthService,
        GoogleAccountsService,
        GoogleUsersRepository,
        GoogleSignInCodesRepository,
        EmailTokensRepository,
        EmailLinks,
        EmailVerificationService,
        PasswordResetService,
        MailRateLimiter,
        LinkPurge,
      ],
      exports: [AuthService, AuthGuard, EmailVerificationService, GoogleSignInCodesRepository],
    };
  }
}
