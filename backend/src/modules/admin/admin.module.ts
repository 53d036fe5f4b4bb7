import { Module } from '@nestjs/common';
import { AdminBoardsController } from './admin-boards.controller';
import { AdminBoardsRepository } from './admin-boards.repository';
import { AdminBoardsService } from './admin-boards.service';
import { AdminHealthController } from './admin-health.controller';
import { AdminHealthRepository } from './admin-health.repository';
import { AdminHealthService } from './admin-health.service';
import { AdminStatsController } from './admin-stats.controller';
import { AdminStatsPublisher } from './admin-stats.publisher';
import { AdminStatsRepository } from './admin-stats.repository';
import { AdminStatsService } from './admin-stats.service';
import { AdminUsersController } from './admin-users.controller';
import { AdminUsersRepository } from './admin-users.repository';
import { AdminUsersService } from './admin-users.service';
import { RealtimeModule } from '../realtime/realtime.module';
import { SessionsModule } from '../sessions/sessions.module';
import { UsersModule } from '../users/users.module';

/**
 * The administrator area (docs/product.md, "Administrator area"; docs/api.md, "Administrators"):
 * statistics, all users, all boards; ADMIN only.
 */
@Module({
  imports: [UsersModule, SessionsModule, RealtimeModule],
  controllers: [AdminStatsController, AdminUsersController, AdminBoardsController, AdminHealthController],
  providers: [
    AdminStatsRepository,
    AdminStatsService,
    AdminStatsPublisher,
    AdminUsersRepository,
    AdminUsersService,
    AdminBoardsRepository,
    AdminBoardsService,
    AdminHealthRepository,
    AdminHealthService,
  ],
})
export class AdminModule {}
