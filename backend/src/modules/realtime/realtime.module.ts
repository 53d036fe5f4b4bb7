import { Module } from '@nestjs/common';
import { SessionsModule } from '../sessions/sessions.module';
import { UsersModule } from '../users/users.module';
import { InstanceRelay } from './instance-relay';
import { InstanceRoster } from './instance-roster';
import { PresenceController } from './presence.controller';
import { PresenceService } from './presence.service';
import { RealtimeGateway } from './realtime.gateway';
import { RecoveryCheck } from './recovery-check';

@Module({
  imports: [UsersModule, SessionsModule],
  controllers: [PresenceController],
  providers: [RealtimeGateway, RecoveryCheck, InstanceRelay, InstanceRoster, PresenceService],
  exports: [InstanceRelay, InstanceRoster],
})
export class RealtimeModule {}
