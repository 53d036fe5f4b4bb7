import { ForbiddenException, Inject, Injectable, PayloadTooLargeException } from '@nestjs/common';
import { TRANSFER_LIMITS, type BoardSummary } from '@papan/shared';
import type { AppConfig } from '../../common/config/app-config';
import { APP_CONFIG } from '../../common/config/config.module';
import type { AuthUser } from '../../common/decorators/current-user.decorator';
import { activityText, notificationText } from '../../common/html';
import { AttachmentStore } from '../attachments/attachment-store';
import { cleanFileName, declaredType } from '../attachments/file-kind';
import type { UploadOpener } from '../attachments/upload-form';
import { TOKEN_NOT_FOR_BOARD } from '../board-access/board-access.service';
import { BoardChanges } from '../board-changes/board-changes.service';
import { BoardsRepository } from '../boards/boards.repository';
import { BoardImportRepository } from './board-import.repository';
import { openZip, readUpload, type ZipExport } from './import-file';
import { ImportLimits } from './import-limits';
import type { ImportPlan, PlanAttachment } from './import-plan';
import { importRows, type StoredAttachment } from './import-rows';
import { PlanReader } from './plan-reader';

/**
 * POST /api/boards/import (docs/api.md, "Export and import"): as many at once as ImportLimits lets run; the file
 * is read and validated whole in a worker thread (PlanReader), its files stored, then the
 * board is written in one transaction; anything wrong before the commit leaves nothing behind.
 */
@Injectable()
export class BoardImportService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly imports: BoardImportRepository,
    private readonly boards: BoardsRepository,
    private readonly store: AttachmentStore,
    private readonly changes: BoardChanges,
    private readonly limits: ImportLimits,
    private readonly planReader: PlanReader,
  ) {}

  async import(user: AuthUser, upload: UploadOpener): Promise<BoardSummary> {
    // A token limited to some boards could not reach the board it made.
    if (user.token?.boardIds) throw new ForbiddenException(TOKEN_NOT_FOR_BOARD);
    const finished = await this.limits.start(user.id);
    try {
      return await this.run(user, upload);
    } finally {
      finished();
    }
  }

  private async run(user: AuthUser, upload: UploadOpener): Promise<BoardSummary> {
    const file = await upload(TRANSFER_LIMITS.fileBytes);
    const bytes = await readUpload(file.stream, TRANSFER_LIMITS.fileBytes);
    const plan = await this.planReader.read(bytes);
    const emails = new Set<string>([user.email.toLowerCase()]);
    for (const list of plan.lists)
      for (const card of list.cards)
        for (const p of [...card.members, ...card.comments.map((c) => c.author)])
          if (p?.email) emails.add(p.email.toLowerCase());
    const found = await this.imports.collaborators(user.id, [...emails]);
    const owner = found.find((u) => u.id === user.id) ?? { id: user.id, name: user.name, email: user.email };
    // Only people the cards name become members; the importer's own address matches themselves.
    const named = new Set(
      plan.lists.flatMap((l) => l.cards.flatMap((c) => c.members.map((m) => m.email?.toLowerCase()))),
    );
    const matched = new Map(
      found.filter((u) => u.id === user.id || named.has(u.email)).map((u) => [u.email, u]),
    );
    const stored = await this.storeFiles(plan, bytes);
    try {
      return await this.changes.create(user, async (tx) => {
        const rows = importRows(plan, owner, matched, stored);
        const board = await this.imports.write(rows, tx);
        const summary = (await this.boards.summary(board.id, user.id, tx))!;
        return {
          boardId: board.id,
          version: board.version,
          result: summary,
          event: { type: 'board.created', payload: summary },
          activity: { actionType: 'CREATE_BOARD', ...activityText('board.imported', {}) },
          notifications: [...matched.values()]
            .filter((u) => u.id !== user.id)
            .map((u) => ({
              userId: u.id,
              boardId: board.id,
              ...notificationText('addedYou', { actor: user.name, board: board.title }),
            })),
        };
      });
    } catch (err) {
      await this.store.discard([...stored.values()].flatMap((f) => [f.blobId, f.thumbnailBlobId]));
      throw err;
    }
  }

  /**
   * The files of a ZIP export (`bytes`, the upload), stored as blobs (outside the transaction, as
   * uploads are). The worker checked the archive; here it is opened again to stream the files.
   */
  private async storeFiles(plan: ImportPlan, bytes: Buffer): Promise<Map<PlanAttachment, StoredAttachment>> {
    const max = this.config.attachmentMaxBytes;
    const stored = new Map<PlanAttachment, StoredAttachment>();
    let zip: ZipExport | null = null;
    try {
      for (const list of plan.lists)
        for (const card of list.cards)
          for (const a of card.attachments) {
            if (a.declaredSize === null) continue;
            if (a.declaredSize > max)
              throw new PayloadTooLargeException(
                `file: the attachment ${a.name} must be at most ${Math.round(max / 1024 / 1024)} MB`,
              );
            zip ??= await openZip(bytes);
            const file = await zip.open(a.entry);
            if (!file) continue;
            const blob = await this.store.store(file, max);
            const thumbnailBlobId = blob.imageType ? await this.store.thumbnail(blob.blobId) : null;
            const isImage = thumbnailBlobId !== null;
            stored.set(a, {
              blobId: blob.blobId,
              thumbnailBlobId,
              size: blob.size,
              isImage,
              mimeType: isImage ? blob.imageType! : declaredType(a.mimeType),
              name: cleanFileName(a.name),
            });
          }
      return stored;
    } catch (err) {
      await this.store.discard([...stored.values()].flatMap((f) => [f.blobId, f.thumbnailBlobId]));
      throw err;
    }
  }
}
