import { Module } from '@nestjs/common';
import { UsersModule } from '../users/users.module';
import { InvitationsRepository } from './invitations.repository';
import { MemberChanges } from './member-changes';
import { MembersController } from './members.controller';
import { MembersRepository } from './members.repository';
import { MembersService } from './members.service';

/** Exports MembersService for registration, which applies pending invitations. */
@Module({
  imports: [UsersModule],
  controllers: [MembersController],
  providers: [MembersService, MemberChanges, MembersRepository, InvitationsRepository],
  exports: [MembersService, InvitationsRepository],
})
export class MembersModule {}
