import { Injectable } from '@nestjs/common';
import { HourlyPurge } from '../../common/hourly-purge';
import { EmailTokensRepository } from './email-tokens.repository';
import { GoogleSignInCodesRepository } from './google-sign-in-codes.repository';

/** Expired e-mail links and Google sign-in codes go at start-up and every hour. */
@Injectable()
export class LinkPurge extends HourlyPurge {
  protected readonly purged = 'expired e-mail links and sign-in codes';

  constructor(
    private readonly emailTokens: EmailTokensRepository,
    private readonly codes: GoogleSignInCodesRepository,
  ) {
    super();
  }

  protected async deleteExpired(): Promise<number> {
    return (await this.emailTokens.purge()) + (await this.codes.purge());
  }
}
