import { Module } from '@nestjs/common';
import { UsersModule } from '../users/users.module';
import { ChallengePurge } from './challenge-purge';
import { SecondFactor } from './second-factor';
import { TwoFactorChallenges } from './two-factor-challenges';
import { TwoFactorController } from './two-factor.controller';
import { TwoFactorGuesses } from './two-factor-guesses';
import { TwoFactorRepository } from './two-factor.repository';
import { TwoFactorService } from './two-factor.service';

/** Two-factor sign-in with TOTP and recovery codes (docs/api.md, "Two-factor sign-in"). */
@Module({
  imports: [UsersModule],
  controllers: [TwoFactorController],
  providers: [
    TwoFactorRepository,
    SecondFactor,
    TwoFactorGuesses,
    TwoFactorService,
    TwoFactorChallenges,
    ChallengePurge,
  ],
  exports: [TwoFactorRepository, TwoFactorChallenges],
})
export class TwoFactorModule {}
