import { Module } from '@nestjs/common';
import { CardsModule } from '../cards/cards.module';
import { AbandonedBlobSweeper } from './abandoned-blob-sweeper';
import { AttachmentBlobsRepository } from './attachment-blobs.repository';
import { AttachmentStore } from './attachment-store';
import { AttachmentsController } from './attachments.controller';
import { AttachmentsRepository } from './attachments.repository';
import { AttachmentsService } from './attachments.service';

/** docs/api.md, "Attachments": files on cards, stored in the database. The blobs are the export's and import's too. */
@Module({
  imports: [CardsModule],
  controllers: [AttachmentsController],
  providers: [
    AttachmentsService,
    AttachmentsRepository,
    AttachmentBlobsRepository,
    AttachmentStore,
    AbandonedBlobSweeper,
  ],
  exports: [AttachmentBlobsRepository, AttachmentStore],
})
export class AttachmentsModule {}
