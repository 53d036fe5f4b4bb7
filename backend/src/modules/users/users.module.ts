import { Module } from '@nestjs/common';
import { SessionsModule } from '../sessions/sessions.module';
import { AccountController } from './account.controller';
import { AccountService } from './account.service';
import { AdminSeeder } from './admin-seeder';
import { BlockedUsersRepository } from './blocked-users.repository';
import { PasswordHasher } from './password-hasher';
import { UsersRepository } from './users.repository';

@Module({
  imports: [SessionsModule],
  controllers: [AccountController],
  providers: [UsersRepository, BlockedUsersRepository, PasswordHasher, AdminSeeder, AccountService],
  exports: [UsersRepository, BlockedUsersRepository, PasswordHasher, AccountService],
})
export class UsersModule {}
