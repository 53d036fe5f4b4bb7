import type { Readable } from 'node:stream';
import { BadRequestException, Injectable, PayloadTooLargeException } from '@nestjs/common';
import { ATTACHMENT_CHUNK_BYTES, AttachmentBlobsRepository } from './attachment-blobs.repository';
import { loadSharp } from '../../common/load-sharp';
import { sniffImage } from './file-kind';

/** Thumbnails fit in this square (CSS pixels × 2 for sharp screens at a card's width). */
const THUMBNAIL_SIZE = 400;
/** A small file can claim billions of pixels (a decompression bomb): sharp refuses more than this. */
export const MAX_IMAGE_PIXELS = 40_000_000;

export interface StoredFile {
  blobId: string;
  size: number;
  /** The image type the first bytes name, or null. */
  imageType: string | null;
}

/** The upload's bytes could not be read (client gone, broken multipart): the client's fault. */
class UploadCutOff extends BadRequestException {
  constructor() {
    super('file: the upload was cut off or the multipart body is malformed');
  }
}

/**
 * Writes uploads into blobs as they arrive and makes thumbnails from blobs, streaming both ways.
 * Whatever fails leaves no blob behind.
 */
@Injectable()
export class AttachmentStore {
  constructor(private readonly blobs: AttachmentBlobsRepository) {}

  /** Stores `source`; 413 as soon as it passes `maxBytes`, 400 when it is empty or breaks off. */
  async store(source: Readable, maxBytes: number): Promise<StoredFile> {
    const blobId = await this.blobs.create();
    try {
      const stored = await this.writeChunks(blobId, source, maxBytes);
      if (stored.size === 0) throw new BadRequestException('file: must not be empty');
      await this.blobs.setSize(blobId, stored.size);
      return { blobId, ...stored };
    } catch (err) {
      source.destroy();
      await this.blobs.removeUnused([blobId]);
      throw err;
    }
  }

  private async writeChunks(blobId: string, source: Readable, maxBytes: number) {
    let pending: Buffer[] = [];
    let pendingBytes = 0;
    let size = 0;
    let seq = 0;
    let imageType: string | null = null;
    const flush = async (final: boolean) => {
      while (pendingBytes >= ATTACHMENT_CHUNK_BYTES || (final && pendingBytes > 0)) {
        const all = Buffer.concat(pending, pendingBytes);
        const chunk = all.subarray(0, Math.min(ATTACHMENT_CHUNK_BYTES, all.length));
        if (seq === 0) imageType = sniffImage(chunk);
        await this.blobs.appendChunk(blobId, seq++, chunk);
        const rest = all.subarray(chunk.length);
        pending = rest.length ? [rest] : [];
        pendingBytes = rest.length;
      }
    };
    const pieces = source[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
    for (;;) {
      let next: IteratorResult<Buffer>;
      try {
        next = await pieces.next();
      } catch {
        throw new UploadCutOff();
      }
      if (next.done) break;
      size += next.value.length;
      if (size > maxBytes)
        throw new PayloadTooLargeException(`file: must be at most ${Math.round(maxBytes / 1024 / 1024)} MB`);
      pending.push(next.value);
      pendingBytes += next.value.length;
      await flush(false);
    }
    if ((source as Readable & { truncated?: boolean }).truncated)
      throw new PayloadTooLargeException(`file: must be at most ${Math.round(maxBytes / 1024 / 1024)} MB`);
    await flush(true);
    return { size, imageType };
  }

  /**
   * A thumbnail of a stored image: EXIF orientation applied, metadata dropped (sharp keeps none
   * unless asked), first frame of an animation, at most THUMBNAIL_SIZE on each side, WebP. Null when
   * the bytes only looked like an image or are too many pixels: the file is then a plain file.
   */
  async thumbnail(blobId: string): Promise<string | null> {
    const sharp = await loadSharp();
    const resize = sharp({ limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'error', animated: false })
      .rotate()
      .resize(THUMBNAIL_SIZE, THUMBNAIL_SIZE, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 80 });
    const bytes = this.blobs.read(blobId);
    bytes.on('error', (err) => resize.destroy(err));
    bytes.pipe(resize);
    let webp: Buffer;
    try {
      webp = await resize.toBuffer();
    } catch {
      bytes.destroy();
      return null;
    }
    return this.storeBuffer(webp);
  }

  /** Removes what a failed upload stored (blobs nothing points at). */
  discard(blobIds: (string | null | undefined)[]): Promise<void> {
    return this.blobs.removeUnused(blobIds);
  }

  private async storeBuffer(bytes: Buffer): Promise<string> {
    const blobId = await this.blobs.create();
    try {
      for (let seq = 0; seq * ATTACHMENT_CHUNK_BYTES < bytes.length; seq++)
        await this.blobs.appendChunk(
          blobId,
          seq,
          bytes.subarray(seq * ATTACHMENT_CHUNK_BYTES, (seq + 1) * ATTACHMENT_CHUNK_BYTES),
        );
      await this.blobs.setSize(blobId, bytes.length);
      return blobId;
    } catch (err) {
      await this.blobs.removeUnused([blobId]);
      throw err;
    }
  }
}
