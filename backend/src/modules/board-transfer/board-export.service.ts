import { PassThrough, type Readable } from 'node:stream';
import { Injectable } from '@nestjs/common';
import { ZIP_BOARD_ENTRY, zipFileEntry, type ExportFormat } from '@papan/shared';
import { ZipFile } from 'yazl';
import type { AuthUser } from '../../common/decorators/current-user.decorator';
import { AttachmentBlobsRepository } from '../attachments/attachment-blobs.repository';
import { BoardAccess } from '../board-access/board-access.service';
import { toCsv } from './board-csv';
import { toPapanExport } from './board-export-json';
import { BoardExportRepository } from './board-export.repository';
import { exportDisposition } from './export-file-name';

/** An export answer: its headers and its body (a string, or a stream for the ZIP). */
export interface ExportAnswer {
  headers: Record<string, string>;
  body: string | Readable;
}

const TYPES: Record<ExportFormat, string> = {
  json: 'application/json; charset=utf-8',
  csv: 'text/csv; charset=utf-8',
  zip: 'application/zip',
};

/** GET /api/boards/{id}/export (docs/api.md, "Export and import"), for board members. */
@Injectable()
export class BoardExportService {
  constructor(
    private readonly exports: BoardExportRepository,
    private readonly blobs: AttachmentBlobsRepository,
    private readonly access: BoardAccess,
  ) {}

  async export(boardId: string, user: AuthUser, format: ExportFormat): Promise<ExportAnswer> {
    await this.access.require(user, { boardId }, 'member');
    const rows = await this.exports.rows(boardId);
    const { doc, files } = toPapanExport(rows, new Date());
    const headers = {
      'content-type': TYPES[format],
      'content-disposition': exportDisposition(doc.board.title, format),
      'cache-control': 'private, no-store',
      'x-content-type-options': 'nosniff',
    };
    if (format === 'csv') return { headers, body: toCsv(doc) };
    const json = JSON.stringify(doc, null, 2);
    if (format === 'json') return { headers, body: json };
    return { headers, body: this.zip(json, files) };
  }

  /**
   * The JSON and every attachment's bytes, deflated as they stream out; each file is read from the
   * database one chunk at a time when the ZIP writer reaches it, so memory stays small.
   */
  private zip(json: string, files: { attachmentId: string; blobId: string }[]): Readable {
    const zip = new ZipFile();
    const out = new PassThrough();
    zip.outputStream.on('error', (err) => out.destroy(err)).pipe(out);
    zip.addBuffer(Buffer.from(json), ZIP_BOARD_ENTRY);
    for (const file of files) {
      const bytes = this.blobs.read(file.blobId);
      bytes.on('error', (err) => out.destroy(err));
      zip.addReadStream(bytes, zipFileEntry(file.attachmentId));
    }
    zip.end();
    return out;
  }
}
