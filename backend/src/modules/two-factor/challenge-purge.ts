import { Injectable } from '@nestjs/common';
import { HourlyPurge } from '../../common/hourly-purge';
import { TwoFactorRepository } from './two-factor.repository';

/** Ended two-factor challenges go at start-up and every hour. */
@Injectable()
export class ChallengePurge extends HourlyPurge {
  protected readonly purged = 'expired two-factor challenges';

  constructor(private readonly repository: TwoFactorRepository) {
    super();
  }

  protected deleteExpired(): Promise<number> {
    return this.repository.purgeChallenges();
  }
}
