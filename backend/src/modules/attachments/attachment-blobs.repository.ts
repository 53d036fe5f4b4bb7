import { Readable } from 'node:stream';
import { Inject, Injectable } from '@nestjs/common';
import { and, eq, lt, sql } from 'drizzle-orm';
import { DATABASE, DATABASE_HANDLE } from '../../database/database.module';
import type { Database, DatabaseHandle } from '../../database/database';
import { attachmentBlobs, attachmentChunks, attachments, undoBlobRefs } from '../../database/schema';

/**
 * Bytes per stored chunk row (docs/decisions.md, "Attachments in the database"): a chunk's base64
 * text (87 kB) stays under V8's largest young object (128 kB), so it dies young.
 */
export const ATTACHMENT_CHUNK_BYTES = 64 * 1024;

/**
 * The bytes of stored files, chunk by chunk: a file is written as it arrives and read as it is sent,
 * so neither end holds more than a chunk or two of it. Each chunk is its own short statement: a
 * 10 MB upload over a slow line must not hold a transaction (on PGlite, the only connection) open.
 */
@Injectable()
export class AttachmentBlobsRepository {
  /** node-postgres sends a Buffer parameter as it is (binary); PGlite's conversion is the problem. */
  private readonly binaryParams: boolean;

  constructor(
    @Inject(DATABASE) private readonly db: Database,
    @Inject(DATABASE_HANDLE) handle: DatabaseHandle,
  ) {
    this.binaryParams = handle.kind === 'postgres';
  }

  async create(): Promise<string> {
    const [row] = await this.db
      .insert(attachmentBlobs)
      .values({ size: 0 })
      .returning({ id: attachmentBlobs.id });
    return row.id;
  }

  /**
   * On PGlite the bytes travel as base64 text, decoded by the database: PGlite's own bytea
   * conversion builds an array of one string per byte (a 256 KiB chunk made ~8 MB of garbage and
   * a 10 MB upload raised the RSS by ~90 MB). node-postgres sends the Buffer itself.
   */
  async appendChunk(blobId: string, seq: number, data: Buffer): Promise<void> {
    const bytes = this.binaryParams ? sql`${data}::bytea` : sql`decode(${data.toString('base64')}, 'base64')`;
    await this.db.execute(
      sql`insert into ${attachmentChunks} (blob_id, seq, data) values (${blobId}, ${seq}, ${bytes})`,
    );
  }

  async setSize(blobId: string, size: number): Promise<void> {
    await this.db.update(attachmentBlobs).set({ size }).where(eq(attachmentBlobs.id, blobId));
  }

  /** Removes blobs nothing points at (a failed upload's); a blob in use or kept for an undo is left alone. */
  async removeUnused(blobIds: (string | null | undefined)[]): Promise<void> {
    const ids = blobIds.filter((id): id is string => !!id);
    if (!ids.length) return;
    await this.db.execute(sql`
      delete from ${attachmentBlobs} b
      where b.id in (${sql.join(
        ids.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})
        and not exists (select 1 from ${attachments} a where a.blob_id = b.id or a.thumbnail_blob_id = b.id)
        and not exists (select 1 from ${undoBlobRefs} u where u.blob_id = b.id)`);
  }

  /**
   * Blobs older than `before` that no attachment points at: uploads cut off by a crash between
   * storing the bytes and the change that attaches them. Answers how many went.
   */
  async removeAbandoned(before: Date): Promise<number> {
    const rows = await this.db
      .delete(attachmentBlobs)
      .where(
        and(
          lt(attachmentBlobs.createdAt, before),
          sql`not exists (select 1 from ${attachments} a where a.blob_id = ${attachmentBlobs.id} or a.thumbnail_blob_id = ${attachmentBlobs.id})`,
          // A deleted attachment's file waits for its undo window (docs/api.md, "Undo").
          sql`not exists (select 1 from ${undoBlobRefs} u where u.blob_id = ${attachmentBlobs.id})`,
        ),
      )
      .returning({ id: attachmentBlobs.id });
    return rows.length;
  }

  /** The blob's bytes as a stream, one chunk read per pull; it fails if the blob goes meanwhile. */
  read(blobId: string): Readable {
    let seq = 0;
    const chunk = (n: number) => this.chunk(blobId, n);
    return new Readable({
      // One chunk is asked for at a time: what is buffered stays at about one chunk.
      highWaterMark: 1,
      read() {
        chunk(seq++).then(
          (data) => this.push(data),
          (err: Error) => this.destroy(err),
        );
      },
    });
  }

  private async chunk(blobId: string, seq: number): Promise<Buffer | null> {
    const [row] = await this.db
      .select({ data: sql<string>`translate(encode(${attachmentChunks.data}, 'base64'), E'\n', '')` })
      .from(attachmentChunks)
      .where(and(eq(attachmentChunks.blobId, blobId), eq(attachmentChunks.seq, seq)));
    return row ? Buffer.from(row.data, 'base64') : null;
  }
}
