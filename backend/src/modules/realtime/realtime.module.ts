import { Module } from '@nestjs/common';
import { SessionsModule } from '../sessions/sessions.module';
import { UsersModule } from '../users/users.module';
import { InstanceRelay } from './instance-relay';
import { RealtimeGateway } from './realtime.gateway';
import { RecoveryCheck } from './recovery-check';

@Module({
  imports: [UsersModule, SessionsModule],
  providers: [RealtimeGateway, RecoveryCheck, InstanceRelay],
  exports: [InstanceRelay],
})
export class RealtimeModule {}
