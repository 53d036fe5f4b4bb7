import type { Readable } from 'node:stream';
import { BadRequestException, HttpException, PayloadTooLargeException } from '@nestjs/common';
import { TRANSFER_LIMITS, ZIP_BOARD_ENTRY } from '@papan/shared';
import * as yauzl from 'yauzl';
import { JsonScan } from './json-scan';

const MB = 1024 * 1024;
const tooLarge = (what: string, bytes: number) =>
  new PayloadTooLargeException(`${what}: must be at most ${Math.round(bytes / MB)} MB`);

/** Reads the upload into memory; 413 as soon as it passes `maxBytes` (the rest is not read). */
export async function readUpload(stream: Readable, maxBytes: number): Promise<Buffer> {
  const parts: Buffer[] = [];
  let size = 0;
  try {
    for await (const piece of stream as AsyncIterable<Buffer>) {
      size += piece.length;
      if (size > maxBytes) throw tooLarge('file', maxBytes);
      parts.push(piece);
    }
  } catch (err) {
    stream.destroy();
    if (err instanceof PayloadTooLargeException) throw err;
    throw new BadRequestException('file: the upload was cut off or the multipart body is malformed');
  }
  if ((stream as Readable & { truncated?: boolean }).truncated) throw tooLarge('file', maxBytes);
  if (size === 0) throw new BadRequestException('file: must not be empty');
  return Buffer.concat(parts, size);
}

export const isZip = (bytes: Buffer) => bytes.length >= 4 && bytes.readUInt32LE(0) === 0x04034b50;

/**
 * The JSON document of the upload (text, a BOM allowed); 400 when it is not JSON, 4xx when it
 * nests too deep or holds too many values (counted before it is parsed).
 */
export function parseJson(bytes: Buffer, what = 'file'): unknown {
  new JsonScan(what).feed(bytes);
  return decodeJson(bytes, what);
}

/** JSON.parse of text already counted by a JsonScan. */
function decodeJson(bytes: Buffer, what: string): unknown {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new BadRequestException(`${what}: is neither a ZIP archive nor UTF-8 JSON text`);
  }
  try {
    return JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch {
    throw new BadRequestException(`${what}: is not valid JSON (expected a Papan or Trello board export)`);
  }
}

/** A ZIP export opened: a way to stream each of its files. */
export interface ZipExport {
  /** The named entry's bytes, inflated and checked against its declared size, or null when absent. */
  open(name: string): Promise<Readable | null>;
  /** The declared size of the named entry, or null when absent. */
  sizeOf(name: string): number | null;
}

/**
 * Opens a ZIP export with the zip-bomb guards: at most `zipEntries` entries, declared sizes that
 * sum to at most `zipInflatedBytes`, and each entry inflated no further than it declares (yauzl
 * checks that as it streams, so a lying header fails instead of filling the memory).
 */
export async function openZip(bytes: Buffer): Promise<ZipExport> {
  let zip: yauzl.ZipFile;
  try {
    zip = await yauzl.fromBufferPromise(bytes, {
      lazyEntries: true,
      validateEntrySizes: true,
      strictFileNames: false,
    });
  } catch {
    throw new BadRequestException('file: is not a readable ZIP archive');
  }
  if (zip.entryCount > TRANSFER_LIMITS.zipEntries)
    throw new BadRequestException(
      `file: the ZIP archive must hold at most ${TRANSFER_LIMITS.zipEntries} files`,
    );
  const entries = new Map<string, yauzl.Entry>();
  let declared = 0;
  try {
    for await (const entry of zip.eachEntry()) {
      declared += entry.uncompressedSize;
      if (declared > TRANSFER_LIMITS.zipInflatedBytes)
        throw new PayloadTooLargeException(
          `file: the ZIP archive must inflate to at most ${Math.round(TRANSFER_LIMITS.zipInflatedBytes / MB)} MB`,
        );
      if (!entry.fileName.endsWith('/')) entries.set(entry.fileName, entry);
    }
  } catch (err) {
    if (err instanceof PayloadTooLargeException) throw err;
    throw new BadRequestException('file: the ZIP archive is damaged');
  }
  const open = async (name: string): Promise<Readable | null> => {
    const entry = entries.get(name);
    if (!entry) return null;
    try {
      return await zip.openReadStreamPromise(entry);
    } catch {
      throw new BadRequestException(`file: ${name} in the ZIP archive cannot be read`);
    }
  };
  if (!entries.has(ZIP_BOARD_ENTRY))
    throw new BadRequestException(`file: the ZIP archive holds no ${ZIP_BOARD_ENTRY}`);
  return { open, sizeOf: (name) => entries.get(name)?.uncompressedSize ?? null };
}

/**
 * The board JSON of a ZIP export: at most `jsonBytes` declared, and counted (JsonScan) as it
 * inflates, so a file nesting too deep or holding too many values is refused before it is all
 * inflated, let alone parsed.
 */
export async function zipJson(zip: ZipExport): Promise<unknown> {
  if (zip.sizeOf(ZIP_BOARD_ENTRY)! > TRANSFER_LIMITS.jsonBytes)
    throw tooLarge(`file: ${ZIP_BOARD_ENTRY}`, TRANSFER_LIMITS.jsonBytes);
  const stream = (await zip.open(ZIP_BOARD_ENTRY))!;
  const scan = new JsonScan(ZIP_BOARD_ENTRY);
  const parts: Buffer[] = [];
  try {
    for await (const piece of stream as AsyncIterable<Buffer>) {
      scan.feed(piece);
      parts.push(piece);
    }
  } catch (err) {
    stream.destroy();
    if (err instanceof HttpException) throw err;
    // yauzl's size check: the entry inflates past what its header says (or is damaged).
    throw new BadRequestException(
      `file: ${ZIP_BOARD_ENTRY} in the ZIP archive is damaged or larger than it declares`,
    );
  }
  return decodeJson(Buffer.concat(parts), ZIP_BOARD_ENTRY);
}
