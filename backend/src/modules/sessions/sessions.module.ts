import { Module } from '@nestjs/common';
import { SessionsController } from './sessions.controller';
import { SessionsRepository } from './sessions.repository';
import { SessionsService } from './sessions.service';
import { TokenService } from './token.service';

/** Login sessions and the tokens bound to them. */
@Module({
  controllers: [SessionsController],
  providers: [SessionsRepository, SessionsService, TokenService],
  exports: [SessionsRepository, TokenService],
})
export class SessionsModule {}
