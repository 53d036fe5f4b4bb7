import { Module } from '@nestjs/common';
import { CardReadRepository } from './card-read.repository';
import { CardsController } from './cards.controller';
import { CardsRepository } from './cards.repository';
import { CardsService } from './cards.service';

@Module({
  controllers: [CardsController],
  providers: [CardsService, CardsRepository, CardReadRepository],
  exports: [CardsRepository, CardReadRepository],
})
export class CardsModule {}
