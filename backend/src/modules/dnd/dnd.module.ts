import { Module } from '@nestjs/common';
import { CardsModule } from '../cards/cards.module';
import { LanesModule } from '../lanes/lanes.module';
import { ListsModule } from '../lists/lists.module';
import { DndController } from './dnd.controller';
import { DndService } from './dnd.service';

@Module({
  imports: [ListsModule, CardsModule, LanesModule],
  controllers: [DndController],
  providers: [DndService],
  exports: [DndService],
})
export class DndModule {}
