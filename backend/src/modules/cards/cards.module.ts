import { Module } from '@nestjs/common';
import { ListsRepository } from '../lists/lists.repository';
import { CardReadRepository } from './card-read.repository';
import { CardsController } from './cards.controller';
import { CardsRepository } from './cards.repository';
import { CardsService } from './cards.service';

@Module({
  controllers: [CardsController],
  // ListsRepository is stateless; ListsModule imports this module, so it is provided here, not imported.
  providers: [CardsService, CardsRepository, CardReadRepository, ListsRepository],
  exports: [CardsRepository, CardReadRepository],
})
export class CardsModule {}
