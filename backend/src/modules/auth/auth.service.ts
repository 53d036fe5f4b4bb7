import { ConflictException, Inject, Injectable, UnauthorizedException } from '@nestjs/common';
import type { User } from '@papan/shared';
import type { LoginInput, LoginResult, RegisterInput, RegisterResult } from '@papan/shared';
import type { AppConfig } from '../../common/config/app-config';
import { APP_CONFIG } from '../../common/config/config.module';
import type { RequestMeta } from '../../common/request-meta';
import { isUniqueViolation } from '../../database/database';
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
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async register(input: RegisterInput, meta: RequestMeta): Promise<RegisterResult> {
    await this.limiter.consumeRegistration(meta.ip);
    const passwordHash = await this.hasher.hash(input.password);
    try {
      const user = await this.users.insert({
        name: input.name,
        email: input.email,
        passwordHash,
        provider: 'local',
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

  async login(input: LoginInput, meta: RequestMeta): Promise<LoginResult> {
    // Counted before the password is checked: parallel guesses cannot outrun the count.
    await this.limiter.startLogin(input.email, meta.ip);
    const user = await this.users.findByEmail(input.email);
    // An unknown e-mail is verified against a dummy hash: same time, same answer.
    const ok = await this.hasher.verify(
      user?.provider === 'local' ? user.passwordHash : null,
      input.password,
    );
    if (!user || !ok) throw new UnauthorizedException({ message: LOGIN_FAILED, msg: LOGIN_FAILED });
    await this.limiter.loginSucceeded(input.email, meta.ip);
    return this.startSession(user, meta);
  }

  async me(userId: string): Promise<User> {
    const user = await this.users.findById(userId);
    if (!user) throw new UnauthorizedException('Session has ended; please log in again');
    return toUserView(user);
  }

  /** Every sign-in (password or Google) opens a login session and gets a token bound to it. */
  async startSession(user: UserRow, meta: RequestMeta): Promise<LoginResult> {
    const session = await this.sessions.insert({
      userId: user.id,
      ...parseDevice(meta.userAgent),
      ipAddress: meta.ip,
      location: locate(meta.ip),
    });
    const token = await this.tokens.sign(user, session.id);
    return { token, ...toUserView(user) };
  }
}
