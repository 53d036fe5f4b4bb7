import type { Readable } from 'node:stream';
import { Inject, Injectable, NotFoundException } from '@nestjs/common';
import type { Attachment } from '@papan/shared';
import type { AppConfig } from '../../common/config/app-config';
import { APP_CONFIG } from '../../common/config/config.module';
import type { AuthUser } from '../../common/decorators/current-user.decorator';
import { activityText } from '../../common/html';
import { BoardAccess } from '../board-access/board-access.service';
import { BoardChanges } from '../board-changes/board-changes.service';
import { CardsRepository } from '../cards/cards.repository';
import { toAttachment } from './attachment-json';
import { AttachmentBlobsRepository } from './attachment-blobs.repository';
import { AttachmentStore } from './attachment-store';
import { AttachmentsRepository } from './attachments.repository';
import { cleanFileName, declaredType, fileHeaders } from './file-kind';
import type { UploadOpener } from './upload-form';

/** A file answer: its headers and its bytes, streamed from the database. */
export interface FileAnswer {
  headers: Record<string, string>;
  body: Readable;
}

/**
 * Attachments (docs/api.md, "Attachments"): board members upload, list, read and remove a card's
 * files. The bytes are stored first, outside the board's transaction (an upload may take a while);
 * the change that attaches them is then one BoardChanges transaction like any other, and a failure
 * at any step removes what was stored.
 */
@Injectable()
export class AttachmentsService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly attachments: AttachmentsRepository,
    private readonly blobs: AttachmentBlobsRepository,
    private readonly store: AttachmentStore,
    private readonly cards: CardsRepository,
    private readonly access: BoardAccess,
    private readonly changes: BoardChanges,
  ) {}

  get maxBytes(): number {
    return this.config.attachmentMaxBytes;
  }

  async list(cardId: string, user: AuthUser): Promise<Attachment[]> {
    await this.access.require(user, { cardId }, 'member');
    return (await this.attachments.ofCard(cardId)).map(toAttachment);
  }

  /** Access is checked before a byte of the file is read: a stranger's upload is refused, not stored. */
  async add(cardId: string, user: AuthUser, upload: UploadOpener): Promise<Attachment> {
    const { boardId } = await this.access.require(user, { cardId }, 'member');
    const file = await upload(this.maxBytes);
    const stored = await this.store.store(file.stream, this.maxBytes);
    let thumbnailBlobId: string | null = null;
    try {
      if (stored.imageType) thumbnailBlobId = await this.store.thumbnail(stored.blobId);
      const isImage = thumbnailBlobId !== null;
      const name = cleanFileName(file.filename);
      return await this.changes.run(boardId, user, async (tx) => {
        const card = await this.cards.find(cardId, tx);
        if (!card) throw new NotFoundException('Card not found');
        const row = await this.attachments.insert(
          {
            boardId,
            cardId,
            blobId: stored.blobId,
            thumbnailBlobId,
            name,
            mimeType: isImage ? stored.imageType! : declaredType(file.mimetype),
            size: stored.size,
            isImage,
            uploadedBy: user.id,
          },
          tx,
        );
        const attachment = toAttachment(row);
        const attachmentCount = await this.attachments.countOfCard(cardId, tx);
        return {
          result: attachment,
          event: { type: 'attachment.added', payload: { ...attachment, attachmentCount } },
          activity: {
            actionType: 'ADD_ATTACHMENT',
            ...activityText('attachment.added', { file: name, card: card.title }),
          },
        };
      });
    } catch (err) {
      await this.store.discard([stored.blobId, thumbnailBlobId]);
      throw err;
    }
  }

  async remove(attachmentId: string, user: AuthUser): Promise<{ message: string; _id: string }> {
    const { boardId, cardId, cardTitle } = await this.access.require(user, { attachmentId }, 'member');
    return this.changes.run(boardId, user, async (tx) => {
      const removed = await this.attachments.delete(attachmentId, tx);
      if (!removed) throw new NotFoundException('Attachment not found');
      const coverAttachmentId = await this.attachments.uncover(cardId, attachmentId, tx);
      const attachmentCount = await this.attachments.countOfCard(cardId, tx);
      return {
        result: { message: 'Attachment deleted', _id: attachmentId },
        event: {
          type: 'attachment.removed',
          payload: { _id: attachmentId, cardId, attachmentCount, coverAttachmentId },
        },
        activity: {
          actionType: 'REMOVE_ATTACHMENT',
          ...activityText('attachment.removed', { file: removed.name, card: cardTitle }),
        },
      };
    });
  }

  /** The file itself, to board members. */
  async file(attachmentId: string, user: AuthUser): Promise<FileAnswer> {
    const found = await this.access.require(user, { attachmentId }, 'member');
    return { headers: fileHeaders(found), body: this.blobs.read(found.blobId) };
  }

  /** An image's thumbnail (WebP); 404 for files that are not images. */
  async thumbnail(attachmentId: string, user: AuthUser): Promise<FileAnswer> {
    const found = await this.access.require(user, { attachmentId }, 'member');
    if (!found.thumbnailBlobId) throw new NotFoundException('This attachment has no thumbnail');
    const name = `${found.name.replace(/\.[^.]*$/, '')}.webp`;
    const { 'content-length': _size, ...headers } = fileHeaders({ ...found, name, mimeType: 'image/webp' });
    return { headers, body: this.blobs.read(found.thumbnailBlobId) };
  }
}
