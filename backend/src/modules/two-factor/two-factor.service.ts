import {
  BadRequestException,
  ConflictException,
  Inject,
  Injectable,
  NotFoundException,
} from '@nestjs/common';
import type { TwoFactorDisableInput, TwoFactorEnabled, TwoFactorSetup } from '@papan/shared';
import type { AuthUser } from '../../common/decorators/current-user.decorator';
import type { RequestMeta } from '../../common/request-meta';
import type { Database } from '../../database/database';
import { DATABASE } from '../../database/database.module';
import { AuditService, auditActor } from '../audit/audit.service';
import { PasswordHasher } from '../users/password-hasher';
import { UsersRepository } from '../users/users.repository';
import { newRecoveryCodes } from './recovery-codes';
import { SecondFactor } from './second-factor';
import { matchingStep, newTotpSecret, otpauthUrl } from './totp';
import { TwoFactorGuesses } from './two-factor-guesses';
import { TwoFactorRepository } from './two-factor.repository';

const ALREADY_ON = 'Two-factor sign-in is already on; turn it off first to set it up again.';
const NOT_ON = 'Two-factor sign-in is not on for this account.';

/** Turning two-factor sign-in on and off for one's own account (docs/api.md, "Two-factor sign-in"). */
@Injectable()
export class TwoFactorService {
  constructor(
    @Inject(DATABASE) private readonly db: Database,
    private readonly repository: TwoFactorRepository,
    private readonly factor: SecondFactor,
    private readonly guesses: TwoFactorGuesses,
    private readonly users: UsersRepository,
    private readonly hasher: PasswordHasher,
    private readonly audit: AuditService,
  ) {}

  /** A new secret, waiting for its first code; an unconfirmed earlier one is replaced. */
  async setup(user: AuthUser): Promise<TwoFactorSetup> {
    const secret = newTotpSecret();
    const row = await this.repository.startSetup(user.id, secret);
    if (!row) throw new ConflictException(ALREADY_ON);
    return { secret, otpauthUrl: otpauthUrl(secret, user.email) };
  }

  /** The first right code turns 2FA on and hands out the recovery codes, once. */
  async enable(user: AuthUser, code: string, meta: RequestMeta): Promise<TwoFactorEnabled> {
    const row = await this.repository.find(user.id);
    if (row?.enabledAt) throw new ConflictException(ALREADY_ON);
    if (!row) throw new BadRequestException('Set up two-factor sign-in first (POST /api/account/2fa/setup).');
    await this.guesses.start(user.id, meta.ip);
    const step = matchingStep(row.secret, code);
    const { codes, hashes } = newRecoveryCodes();
    const enabled = await this.db.transaction(async (tx) => {
      if (step === null || !(await this.repository.useStep(user.id, step, tx, true))) return false;
      await this.repository.replaceRecoveryCodes(user.id, hashes, tx);
      await this.audit.record(tx, {
        actor: auditActor(user),
        ...meta,
        action: 'auth.2fa.enabled',
        target: { type: 'user', _id: user.id },
      });
      return true;
    });
    if (!enabled) throw new BadRequestException('code: is not the current code of your authenticator app');
    await this.guesses.succeeded(user.id, meta.ip);
    return { recoveryCodes: codes };
  }

  /**
   * Needs the password, when the account has one, and a code or a recovery code (docs/decisions.md,
   * "Turning two-factor sign-in off"): a borrowed session alone cannot turn it off.
   */
  async disable(
    user: AuthUser,
    input: TwoFactorDisableInput,
    meta: RequestMeta,
  ): Promise<{ message: string }> {
    if (!(await this.repository.isEnabled(user.id))) throw new NotFoundException(NOT_ON);
    const account = await this.users.findById(user.id);
    if (!account) throw new NotFoundException(NOT_ON);
    const needsPassword = account.passwordHash !== null;
    if (needsPassword && !input.password) throw new BadRequestException('password: is required');
    await this.guesses.start(user.id, meta.ip);
    if (needsPassword && !(await this.hasher.verify(account.passwordHash, input.password!))) {
      throw new BadRequestException('password: is incorrect');
    }
    const passed = await this.db.transaction(async (tx) => {
      const kind = await this.factor.use(user.id, input, tx);
      if (!kind) return false;
      await this.repository.remove(user.id, tx);
      await this.audit.record(tx, {
        actor: auditActor(user),
        ...meta,
        action: 'auth.2fa.disabled',
        target: { type: 'user', _id: user.id },
        details: { method: kind },
      });
      return true;
    });
    if (!passed) {
      throw new BadRequestException(
        input.code !== undefined
          ? 'code: is not the current code of your authenticator app'
          : 'recoveryCode: is not one of your unused recovery codes',
      );
    }
    await this.guesses.succeeded(user.id, meta.ip);
    return { message: 'Two-factor sign-in is off.' };
  }
}
