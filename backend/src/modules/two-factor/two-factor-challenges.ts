import { Inject, Injectable, UnauthorizedException } from '@nestjs/common';
import { LINK_TTL_SECONDS, TWO_FACTOR } from '@papan/shared';
import type { RequestMeta } from '../../common/request-meta';
import type { Database } from '../../database/database';
import { DATABASE } from '../../database/database.module';
import { AuditService } from '../audit/audit.service';
import { hashLinkSecret, newLinkSecret } from '../auth/link-secrets';
import { UsersRepository } from '../users/users.repository';
import { SecondFactor, type FactorInput, type FactorKind } from './second-factor';
import { TwoFactorGuesses } from './two-factor-guesses';
import { TwoFactorRepository, type SignInMethod } from './two-factor.repository';

export const CHALLENGE_ENDED = 'This sign-in has expired or had too many wrong codes. Please sign in again.';
export const WRONG_CODE = 'That code is not right. Check your authenticator app and try again.';

/** A sign-in whose second factor passed. */
export interface PassedChallenge {
  userId: string;
  /** How the first step went: password, Google or single sign-on. */
  method: SignInMethod;
  factor: FactorKind;
}

/**
 * The step between a sign-in's first factor and its session (docs/security.md, "Two-factor
 * sign-in"): a random challenge (only its SHA-256 kept) that lasts five minutes, ends after five
 * wrong codes, and is never a bearer token.
 */
@Injectable()
export class TwoFactorChallenges {
  constructor(
    @Inject(DATABASE) private readonly db: Database,
    private readonly repository: TwoFactorRepository,
    private readonly factor: SecondFactor,
    private readonly guesses: TwoFactorGuesses,
    private readonly audit: AuditService,
    private readonly users: UsersRepository,
  ) {}

  async issue(userId: string, method: SignInMethod): Promise<string> {
    const { secret, hash } = newLinkSecret();
    await this.repository.insertChallenge(hash, userId, method, LINK_TTL_SECONDS.twoFactorChallenge);
    return secret;
  }

  /** Uses the challenge up when the factor is right; 401 otherwise (the fifth wrong code ends it). */
  async pass(challenge: string, input: FactorInput, meta: RequestMeta): Promise<PassedChallenge> {
    const hash = hashLinkSecret(challenge);
    const waiting = await this.repository.lockChallenge(hash, this.db);
    if (!waiting) throw ended();
    await this.guesses.start(waiting.userId, meta.ip);
    const outcome = await this.db.transaction(async (tx) => {
      const row = await this.repository.lockChallenge(hash, tx);
      if (!row) return 'ended' as const;
      const kind = await this.factor.use(row.userId, input, tx);
      if (kind) {
        await this.repository.deleteChallenge(hash, tx);
        return { userId: row.userId, method: row.method, factor: kind };
      }
      const failures = await this.repository.addFailure(hash, tx);
      const last = failures >= TWO_FACTOR.maxFailures;
      if (last) await this.repository.deleteChallenge(hash, tx);
      const account = await this.users.findById(row.userId, tx);
      await this.audit.record(tx, {
        actor: { _id: row.userId, email: account?.email ?? null },
        ...meta,
        action: 'auth.2fa.failed',
        target: { type: 'user', _id: row.userId },
        details: {
          method: row.method,
          factor: input.recoveryCode !== undefined ? 'recovery_code' : 'two_factor',
          failures,
          ended: last,
        },
      });
      return last ? ('ended' as const) : ('wrong' as const);
    });
    if (outcome === 'ended') throw ended();
    if (outcome === 'wrong')
      throw new UnauthorizedException({ message: WRONG_CODE, msg: WRONG_CODE, code: 'two_factor_wrong' });
    await this.guesses.succeeded(outcome.userId, meta.ip);
    return outcome;
  }
}

function ended(): UnauthorizedException {
  return new UnauthorizedException({
    message: CHALLENGE_ENDED,
    msg: CHALLENGE_ENDED,
    code: 'two_factor_ended',
  });
}
