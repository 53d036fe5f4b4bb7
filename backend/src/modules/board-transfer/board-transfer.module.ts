import { Module } from '@nestjs/common';
import { AttachmentsModule } from '../attachments/attachments.module';
import { BoardsModule } from '../boards/boards.module';
import { BoardExportRepository } from './board-export.repository';
import { BoardExportService } from './board-export.service';
import { BoardImportRepository } from './board-import.repository';
import { BoardImportService } from './board-import.service';
import { BoardTransferController } from './board-transfer.controller';
import { ImportLimits } from './import-limits';
import { PlanReader } from './plan-reader';

/** Board export (JSON, CSV, ZIP) and import (Papan, Trello): docs/api.md, "Export and import". */
@Module({
  imports: [BoardsModule, AttachmentsModule],
  controllers: [BoardTransferController],
  providers: [
    BoardExportService,
    BoardExportRepository,
    BoardImportService,
    BoardImportRepository,
    ImportLimits,
    PlanReader,
  ],
})
export class BoardTransferModule {}
