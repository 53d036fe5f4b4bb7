import { Module } from '@nestjs/common';
import { BoardAccessModule } from '../board-access/board-access.module';
import { RealtimeModule } from '../realtime/realtime.module';
import { SessionsModule } from '../sessions/sessions.module';
import { UsersModule } from '../users/users.module';
import { StreamController } from './stream.controller';
import { StreamGateway } from './stream.gateway';
import { StreamHub } from './stream-hub';
import { StreamService } from './stream.service';

/**
 * The live stream for dashboards, over SSE and socket.io's `/stream` (docs/api.md, "Live stream").
 */
@Module({
  imports: [BoardAccessModule, RealtimeModule, UsersModule, SessionsModule],
  controllers: [StreamController],
  providers: [StreamHub, StreamService, StreamGateway],
})
export class StreamModule {}
