import { Module } from '@nestjs/common';
import { UndoModule } from '../undo/undo.module';
import { ChecklistItemsService } from './checklist-items.service';
import { ChecklistsController } from './checklists.controller';
import { ChecklistsRepository } from './checklists.repository';
import { ChecklistsService } from './checklists.service';

@Module({
  imports: [UndoModule],
  controllers: [ChecklistsController],
  providers: [ChecklistsService, ChecklistItemsService, ChecklistsRepository],
  exports: [ChecklistsRepository],
})
export class ChecklistsModule {}
