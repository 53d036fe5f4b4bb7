import { ConflictException, Inject, Injectable, UnauthorizedException } from '@nestjs/common';
import type {
  AccountUser,
  LoginInput,
  LoginResult,
  RegisterInput,
  RegisterResult,
  SignInAnswer,
  TwoFactorSignInInput,
} from '@papan/shared';
import type { AppConfig } from '../../common/config/app-config';
import { APP_CONFIG } from '../../common/config/config.module';
import type { RequestMeta } from '../../common/request-meta';
import { isUniqueViolation, type Database } from '../../database/database';
import { DATABASE } from '../../database/database.module';
import { AuditService } from '../audit/audit.service';
import { RegistrationPolicy } from '../instance-settings/registration-policy';
import { DomainEvents } from '../board-changes/domain-events';
import { MembersService } from '../members/members.service';
import { locate, parseDevice } from '../sessions/device';
import { SessionsRepository } from '../sessions/sessions.repository';
import { PasswordHasher } from '../users/password-hasher';
import { UsersRepository, type UserRow } from '../users/users.repository';
import { toUserView } from '../users/user.view';
import { AuthRateLimiter } from './auth-rate-limiter';
import { EmailVerificationService } from './email-verification.service';
import { TokenService } from '../sessions/token.service';
import { OidcLinker } from '../oidc/oidc-linker';
import { TwoFactorChallenges } from '../two-factor/two-factor-challenges';
import { TwoFactorRepository, type SignInMethod } from '../two-factor/two-factor.repository';

/** How a session was finally opened, as the audit log's sign-in rows say it. */
type SessionMethod = SignInMethod | 'two_factor' | 'recovery_code';

const LOGIN_FAILED = 'Invalid email or password';

@Injectable()
export class AuthService {
  constructor(
    private readonly users: UsersRepository,
    private readonly sessions: SessionsRepository,
    private readonly hasher: PasswordHasher,
    private readonly tokens: TokenService,
    private readonly limiter: AuthRateLimiter,
    private readonly members: MembersService,
    private readonly events: DomainEvents,
    private readonly verification: EmailVerificationService,
    private readonly twoFactor: TwoFactorRepository,
    private readonly challenges: TwoFactorChallenges,
    private readonly oidcLinker: OidcLinker,
    private readonly audit: AuditService,
    @Inject(DATABASE) private readonly db: Database,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly registration: RegistrationPolicy,
  ) {}

  /**
   * The registration policy (docs/security.md, "Registration policy") is asked in the transaction
   * that creates the account, which also uses up an administrator's invitation and writes the
   * audit row.
   */
  async register(
    input: RegisterInput & { inviteToken?: string },
    meta: RequestMeta,
  ): Promise<RegisterResult> {
    await this.limiter.consumeRegistration(meta.ip);
    const passwordHash = await this.hasher.hash(input.password);
    try {
      const user = await this.db.transaction(async (tx) => {
        await this.registration.assertMayRegister(input.email, tx, input.inviteToken);
        const created = await this.users.insert(
          { name: input.name, email: input.email, passwordHash, provider: 'local' },
          tx,
        );
        await this.audit.record(tx, {
          actor: { _id: created.id, email: created.email },
          ...meta,
          action: 'account.registered',
          target: { type: 'user', _id: created.id },
          details: { provider: 'local', invited: input.inviteToken !== undefined },
        });
        return created;
      });
      // Someone invited before they had an account is a member of those boards at once, unless
      // invitations wait for a proven address (they apply when the link is opened).
      if (!this.config.mail.requireVerifiedEmail) {
        await this.members.applyPendingInvitations(user.id, user.email);
      }
      await this.verification.sendFirstLink(user, input.language);
      this.events.publish('user', { type: 'created', userId: user.id });
      return { message: 'Registration successful', user: toUserView(user) };
    } catch (err) {
      if (isUniqueViolation(err)) throw new ConflictException('Email is already registered');
      throw err;
    }
  }

  /**
   * `oidcLinkToken`: the cookie of a single sign-on that met this account (docs/api.md, "Single
   * sign-on"); the sign-in links it once the password (and the second factor) passed.
   */
  async login(input: LoginInput, meta: RequestMeta, oidcLinkToken?: string): Promise<SignInAnswer> {
    // Counted before the password is checked: parallel guesses cannot outrun the count.
    await this.limiter.startLogin(input.email, meta.ip);
    const user = await this.users.findByEmail(input.email);
    // An unknown e-mail is verified against a dummy hash: same time, same answer.
    const ok = await this.hasher.verify(
      user?.provider === 'local' ? user.passwordHash : null,
      input.password,
    );
    if (!user || !ok) {
      // The attempted address is kept: a guessed one may belong to nobody (docs/security.md, "Audit log").
      await this.audit.record(this.db, {
        actor: user ? { _id: user.id, email: user.email } : null,
        ...meta,
        action: 'auth.signin.failed',
        details: { method: 'password', email: input.email },
      });
      throw new UnauthorizedException({ message: LOGIN_FAILED, msg: LOGIN_FAILED });
    }
    await this.limiter.loginSucceeded(input.email, meta.ip);
    const answer = await this.signIn(user, 'password', meta);
    if ('token' in answer && oidcLinkToken)
      await this.oidcLinker.linkAfterPassword(oidcLinkToken, user, meta);
    return answer;
  }

  /**
   * The end of every first factor (password, Google, single sign-on): a session, or, when the
   * account has two-factor sign-in, the challenge POST /api/auth/2fa finishes (docs/api.md,
   * "Two-factor sign-in"). No token exists before the second factor has passed.
   */
  async signIn(user: UserRow, method: SignInMethod, meta: RequestMeta): Promise<SignInAnswer> {
    if (!(await this.twoFactor.isEnabled(user.id))) return this.startSession(user, meta, method);
    return { twoFactorRequired: true, challenge: await this.challenges.issue(user.id, method) };
  }

  /** POST /api/auth/2fa: the second factor of a waiting sign-in, for its session. */
  async finishTwoFactor(
    input: TwoFactorSignInInput,
    meta: RequestMeta,
    oidcLinkToken?: string,
  ): Promise<LoginResult> {
    const passed = await this.challenges.pass(input.challenge, input, meta);
    const user = await this.users.findById(passed.userId);
    if (!user) throw new UnauthorizedException('Session has ended; please log in again');
    const result = await this.startSession(user, meta, passed.factor, { firstFactor: passed.method });
    if (passed.method === 'password' && oidcLinkToken) {
      await this.oidcLinker.linkAfterPassword(oidcLinkToken, user, meta);
    }
    return result;
  }

  async me(userId: string): Promise<AccountUser> {
    const user = await this.users.findById(userId);
    if (!user) throw new UnauthorizedException('Session has ended; please log in again');
    return { ...toUserView(user), twoFactorEnabled: await this.twoFactor.isEnabled(user.id) };
  }

  /**
   * Every finished sign-in opens a login session and gets a token bound to it. Only signIn (no
   * second factor on the account) and finishTwoFactor call it: no other way reaches a session.
   */
  private async startSession(
    user: UserRow,
    meta: RequestMeta,
    method: SessionMethod,
    details: Record<string, unknown> = {},
  ): Promise<LoginResult> {
    // The session and its audit row commit together (docs/security.md, "Audit log").
    const session = await this.db.transaction(async (tx) => {
      const opened = await this.sessions.insert(
        { userId: user.id, ...parseDevice(meta.userAgent), ipAddress: meta.ip, location: locate(meta.ip) },
        tx,
      );
      await this.audit.record(tx, {
        actor: { _id: user.id, email: user.email },
        ...meta,
        action: 'auth.signin',
        target: { type: 'session', _id: opened.id },
        details: { method, ...details },
      });
      return opened;
    });
    const token = await this.tokens.sign(user, session.id);
    const twoFactorEnabled = method === 'two_factor' || method === 'recovery_code';
    return { token, ...toUserView(user), twoFactorEnabled };
  }
}
