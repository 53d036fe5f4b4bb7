import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { APP_CONFIG } from '../../common/config/config.module';
import type { AppConfig } from '../../common/config/app-config';
import { PasswordHasher } from './password-hasher';
import { UsersRepository } from './users.repository';

/** ADMIN_EMAIL / ADMIN_PASSWORD: that administrator exists after start-up (created or promoted). */
@Injectable()
export class AdminSeeder implements OnApplicationBootstrap {
  private readonly logger = new Logger(AdminSeeder.name);

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly users: UsersRepository,
    private readonly hasher: PasswordHasher,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const admin = this.config.admin;
    if (!admin) return;
    const passwordHash = await this.hasher.hash(admin.password);
    const existing = await this.users.findByEmail(admin.email);
    if (existing) {
      await this.users.update(existing.id, { role: 'ADMIN', passwordHash });
    } else {
      await this.users.insert({
        name: admin.name,
        email: admin.email,
        passwordHash,
        role: 'ADMIN',
        provider: 'local',
      });
    }
    this.logger.log(`Administrator ${admin.email} is ready`);
  }
}
