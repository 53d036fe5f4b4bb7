import { Module } from '@nestjs/common';
import { CardReadRepository } from '../cards/card-read.repository';
import { ListsRepository } from '../lists/lists.repository';
import { FieldsModule } from '../fields/fields.module';
import { UndoController } from './undo.controller';
import { UndoEntries } from './undo-entries';
import { UndoPurger } from './undo-purger';
import { UndoRestore } from './undo-restore';
import { UndoRepository } from './undo.repository';
import { UndoService } from './undo.service';

/**
 * Undo (docs/api.md, "Undo"). Deletes import this module for `UndoEntries`; the read repositories
 * it needs are stateless, so they are provided here rather than imported (the card and list modules
 * import this).
 */
@Module({
  imports: [FieldsModule],
  controllers: [UndoController],
  providers: [
    UndoService,
    UndoRestore,
    UndoRepository,
    UndoEntries,
    UndoPurger,
    CardReadRepository,
    ListsRepository,
  ],
  exports: [UndoEntries],
})
export class UndoModule {}
