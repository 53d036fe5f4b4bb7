import { Injectable } from '@nestjs/common';
import { HourlyPurge } from '../../common/hourly-purge';
import { OidcIdentitiesRepository } from './oidc-identities.repository';

/** Ended pending single sign-on links go at start-up and every hour. */
@Injectable()
export class OidcPurge extends HourlyPurge {
  protected readonly purged = 'expired single sign-on links';

  constructor(private readonly identities: OidcIdentitiesRepository) {
    super();
  }

  protected deleteExpired(): Promise<number> {
    return this.identities.purgePendingLinks();
  }
}
