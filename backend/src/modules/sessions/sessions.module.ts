import { Module } from '@nestjs/common';
import { LiveSessions } from './live-sessions';
import { SessionsController, SignOutController } from './sessions.controller';
import { SessionsRepository } from './sessions.repository';
import { SessionsService } from './sessions.service';
import { TokenService } from './token.service';

/** Login sessions and the tokens bound to them. */
@Module({
  controllers: [SessionsController, SignOutController],
  providers: [SessionsRepository, SessionsService, TokenService, LiveSessions],
  exports: [SessionsRepository, TokenService, LiveSessions],
})
export class SessionsModule {}
