import { Global, Module } from '@nestjs/common';
import { BoardAccessModule } from '../board-access/board-access.module';
import { BoardEventsController } from './board-events.controller';
import { BoardEventsPurger } from './board-events.purger';
import { BoardEventsRepository } from './board-events.repository';
import { BoardEventsService } from './board-events.service';

/** Global: BoardChanges appends to the log in every change's transaction. */
@Global()
@Module({
  imports: [BoardAccessModule],
  controllers: [BoardEventsController],
  providers: [BoardEventsRepository, BoardEventsService, BoardEventsPurger],
  exports: [BoardEventsRepository],
})
export class BoardEventsModule {}
