import type { Readable } from 'node:stream';
import { BadRequestException, PayloadTooLargeException } from '@nestjs/common';
import { TRANSFER_LIMITS, ZIP_BOARD_ENTRY } from '@papan/shared';
import * as yauzl from 'yauzl';

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

/** The JSON document of the upload (text, a BOM allowed); 400 when it is not JSON. */
export function parseJson(bytes: Buffer, what = 'file'): unknown {
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

/** A ZIP export opened: its board JSON, and a way to stream each of its files. */
export interface ZipExport {
  json: unknown;
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
  const board = await open(ZIP_BOARD_ENTRY);
  if (!board) throw new BadRequestException(`file: the ZIP archive holds no ${ZIP_BOARD_ENTRY}`);
  if (entries.get(ZIP_BOARD_ENTRY)!.uncompressedSize > TRANSFER_LIMITS.jsonBytes)
    throw tooLarge(`file: ${ZIP_BOARD_ENTRY}`, TRANSFER_LIMITS.jsonBytes);
  const json = parseJson(await inflated(board, ZIP_BOARD_ENTRY), ZIP_BOARD_ENTRY);
  return { json, open, sizeOf: (name) => entries.get(name)?.uncompressedSize ?? null };
}

async function inflated(stream: Readable, name: string): Promise<Buffer> {
  const parts: Buffer[] = [];
  try {
    for await (const piece of stream as AsyncIterable<Buffer>) parts.push(piece);
  } catch {
    // yauzl's size check: the entry inflates past what its header says (or is damaged).
    throw new BadRequestException(`file: ${name} in the ZIP archive is damaged or larger than it declares`);
  }
  return Buffer.concat(parts);
}
