import { Module } from '@nestjs/common';
import { UsersModule } from '../users/users.module';
import { RealtimeGateway } from './realtime.gateway';

@Module({ imports: [UsersModule], providers: [RealtimeGateway] })
export class RealtimeModule {}
