import { Injectable } from '@nestjs/common';
import type { Executor } from '../../database/database';
import { hashRecoveryCode } from './recovery-codes';
import { matchingStep } from './totp';
import { TwoFactorRepository } from './two-factor.repository';

/** A code from the authenticator app, or one of the recovery codes (already normalised by the schema). */
export interface FactorInput {
  code?: string;
  recoveryCode?: string;
}

export type FactorKind = 'two_factor' | 'recovery_code';

/**
 * Checks the second factor of an account whose 2FA is on, using it up: a TOTP code's step is
 * taken once (a replayed code fails), a recovery code is marked used. Answers how it passed, or null.
 */
@Injectable()
export class SecondFactor {
  constructor(private readonly repository: TwoFactorRepository) {}

  async use(userId: string, input: FactorInput, tx: Executor): Promise<FactorKind | null> {
    if (input.recoveryCode !== undefined) {
      const used = await this.repository.useRecoveryCode(userId, hashRecoveryCode(input.recoveryCode), tx);
      return used ? 'recovery_code' : null;
    }
    if (input.code === undefined) return null;
    const row = await this.repository.find(userId, tx);
    if (!row?.enabledAt) return null;
    const step = matchingStep(row.secret, input.code);
    if (step === null) return null;
    return (await this.repository.useStep(userId, step, tx)) ? 'two_factor' : null;
  }
}
