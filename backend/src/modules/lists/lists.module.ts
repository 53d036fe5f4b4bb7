import { Module } from '@nestjs/common';
import { UndoModule } from '../undo/undo.module';
import { BoardsModule } from '../boards/boards.module';
import { CardsModule } from '../cards/cards.module';
import { ListsController } from './lists.controller';
import { ListsRepository } from './lists.repository';
import { ListsService } from './lists.service';

@Module({
  imports: [UndoModule, CardsModule, BoardsModule],
  controllers: [ListsController],
  // GET /api/boards/:id/lists answers exactly the whole-board read (BoardsModule's BoardReadRepository).
  providers: [ListsService, ListsRepository],
  exports: [ListsRepository],
})
export class ListsModule {}
