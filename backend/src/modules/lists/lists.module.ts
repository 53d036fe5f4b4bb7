import { Module } from '@nestjs/common';
import { UndoModule } from '../undo/undo.module';
import { BoardReadRepository } from '../boards/board-read.repository';
import { CardsModule } from '../cards/cards.module';
import { ListsController } from './lists.controller';
import { ListsRepository } from './lists.repository';
import { ListsService } from './lists.service';

@Module({
  imports: [UndoModule, CardsModule],
  controllers: [ListsController],
  // BoardReadRepository is stateless: GET /api/boards/:id/lists answers exactly the whole-board read.
  providers: [ListsService, ListsRepository, BoardReadRepository],
  exports: [ListsRepository],
})
export class ListsModule {}
