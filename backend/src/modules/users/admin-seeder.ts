import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { APP_CONFIG } from '../../common/config/config.module';
import type { AppConfig } from '../../common/config/app-config';
import { DATABASE } from '../../database/database.module';
import type { Database } from '../../database/database';
import { CredentialRevocation } from '../account-reclaim/credential-revocation';
import { PasswordHasher } from './password-hasher';
import { UsersRepository, type UserRow } from './users.repository';

/**
 * ADMIN_EMAIL / ADMIN_PASSWORD: that administrator exists after start-up (created or taken over).
 * The operator vouches for the address, so the account is verified and its password is theirs.
 */
@Injectable()
export class AdminSeeder implements OnApplicationBootstrap {
  private readonly logger = new Logger(AdminSeeder.name);

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(DATABASE) private readonly db: Database,
    private readonly users: UsersRepository,
    private readonly credentials: CredentialRevocation,
    private readonly hasher: PasswordHasher,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const admin = this.config.admin;
    if (!admin) return;
    const existing = await this.users.findByEmail(admin.email);
    if (!existing) {
      await this.users.insert({
        name: admin.name,
        email: admin.email,
        passwordHash: await this.hasher.hash(admin.password),
        role: 'ADMIN',
        provider: 'local',
        emailVerified: true,
      });
    } else if (await this.isSeededAlready(existing, admin.password)) {
      // A restart with the same settings keeps the administrator signed in (and a Google link they
      // added since: Google links only to a verified account, and this one is the operator's).
      if (!existing.emailVerified) await this.users.update(existing.id, { emailVerified: true });
    } else {
      await this.takeOver(existing, admin.password);
    }
    this.logger.log(`Administrator ${admin.email} is ready`);
  }

  private async isSeededAlready(user: UserRow, password: string): Promise<boolean> {
    return (
      user.role === 'ADMIN' &&
      user.provider === 'local' &&
      (await this.hasher.verify(user.passwordHash, password))
    );
  }

  /**
   * Whoever held the address before (someone who registered it first, a linked Google account)
   * loses every way in: the Google link goes and every credential ends (CredentialRevocation).
   */
  private async takeOver(user: UserRow, password: string): Promise<void> {
    const passwordHash = await this.hasher.hash(password);
    const revoked = await this.db.transaction(async (tx) => {
      await this.users.update(
        user.id,
        { role: 'ADMIN', passwordHash, provider: 'local', googleId: null, emailVerified: true },
        tx,
      );
      return this.credentials.revoke(user.id, tx);
    });
    await this.credentials.announce(revoked);
  }
}
