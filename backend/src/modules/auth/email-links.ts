import { Inject, Injectable } from '@nestjs/common';
import { FALLBACK_LANGUAGE, type Language } from '@papan/shared';
import type { AppConfig } from '../../common/config/app-config';
import { APP_CONFIG } from '../../common/config/config.module';
import { composeMail, type MailKind } from '../mail/mail-texts';
import { Mailer } from '../mail/mailer';
import type { UserRow } from '../users/users.repository';
import { EmailTokensRepository, type EmailTokenPurpose } from './email-tokens.repository';
import { newLinkSecret } from './link-secrets';

const LINKS: Record<EmailTokenPurpose, { kind: MailKind; path: string }> = {
  verify: { kind: 'verifyEmail', path: '/verify-email' },
  reset: { kind: 'resetPassword', path: '/reset-password' },
};

/** Sends a single-use link to the user's address: a new secret, its hash stored, the message queued. */
@Injectable()
export class EmailLinks {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly tokens: EmailTokensRepository,
    private readonly mailer: Mailer,
  ) {}

  async send(
    user: Pick<UserRow, 'id' | 'name' | 'email'>,
    purpose: EmailTokenPurpose,
    ttlSeconds: number,
    language: Language = FALLBACK_LANGUAGE,
  ): Promise<void> {
    const { secret, hash } = newLinkSecret();
    await this.tokens.replace({ tokenHash: hash, userId: user.id, purpose, email: user.email }, ttlSeconds);
    const { kind, path } = LINKS[purpose];
    const link = `${this.config.appOrigin}${path}?token=${secret}`;
    this.mailer.send({ to: user.email, link, ...composeMail(kind, language, user.name, link) });
  }
}
