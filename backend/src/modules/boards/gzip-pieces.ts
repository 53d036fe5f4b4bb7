import { promisify } from 'node:util';
import { constants, crc32, deflateRaw, deflateRawSync } from 'node:zlib';

const deflateRawAsync = promisify(deflateRaw);

/**
 * A piece of text kept with its raw deflate, flushed to a byte boundary: pieces deflated one by one
 * join into one deflate stream, so an answer made of kept pieces is gzipped without compressing
 * them again (docs/decisions.md, "The board read after a change").
 */
export interface DeflatedPiece {
  bytes: Buffer;
  deflated: Buffer;
}

/** Deflates `text` on libuv's thread pool, off the event loop. */
export async function deflatePiece(text: string): Promise<DeflatedPiece> {
  const bytes = Buffer.from(text);
  const deflated = await deflateRawAsync(bytes, { finishFlush: constants.Z_SYNC_FLUSH });
  return { bytes, deflated };
}

/** gzip's header: deflate, no name or time, unknown system. */
const HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);

/**
 * One gzip member holding `before`, the pieces and `after`, in that order: the small ends are
 * deflated here, the pieces' deflates are used as they are, and the trailer's CRC-32 and length
 * cover the whole text.
 */
export function gzipPieces(before: string, pieces: readonly DeflatedPiece[], after: string): Buffer {
  const head = Buffer.from(before);
  const tail = Buffer.from(after);
  let crc = 0;
  let length = 0;
  // Empty bytes are skipped: zlib.crc32 of a buffer with no memory behind it answers 0, not `crc`.
  for (const bytes of [head, ...pieces.map((p) => p.bytes), tail])
    if (bytes.length) {
      crc = crc32(bytes, crc);
      length += bytes.length;
    }
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(length % 2 ** 32, 4);
  return Buffer.concat([
    HEADER,
    deflateRawSync(head, { finishFlush: constants.Z_SYNC_FLUSH }),
    ...pieces.map((p) => p.deflated),
    deflateRawSync(tail),
    trailer,
  ]);
}
