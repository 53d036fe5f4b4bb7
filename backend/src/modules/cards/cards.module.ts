import { Module } from '@nestjs/common';
import { UndoModule } from '../undo/undo.module';
import { ListsRepository } from '../lists/lists.repository';
import { LanesModule } from '../lanes/lanes.module';
import { FieldsModule } from '../fields/fields.module';
import { CardMembersController } from './card-members.controller';
import { CardMembersRepository } from './card-members.repository';
import { CardMembersService } from './card-members.service';
import { CardReadRepository } from './card-read.repository';
import { CardsController } from './cards.controller';
import { CardsRepository } from './cards.repository';
import { CardsService } from './cards.service';

@Module({
  imports: [UndoModule, LanesModule, FieldsModule],
  controllers: [CardsController, CardMembersController],
  // ListsRepository is stateless; ListsModule imports this module, so it is provided here, not imported.
  providers: [
    CardsService,
    CardsRepository,
    CardReadRepository,
    ListsRepository,
    CardMembersService,
    CardMembersRepository,
  ],
  exports: [CardsRepository, CardReadRepository, CardsService, CardMembersService],
})
export class CardsModule {}
