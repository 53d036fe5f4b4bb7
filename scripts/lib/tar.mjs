// @ts-check
// A minimal ustar writer and reader for Papan's backup files: regular files and folders only,
// paths checked so an archive can never write outside the folder it is restored into.
import { posix } from 'node:path';

const BLOCK = 512;

/** @typedef {{ path: string, data: Buffer, mode?: number }} TarFile */

/**
 * The tar bytes of these files (folders are implied by the paths).
 * @param {TarFile[]} files
 */
export function tarPack(files) {
  /** @type {Buffer[]} */
  const parts = [];
  for (const file of files) {
    parts.push(header(file.path, file.data.length, file.mode ?? 0o644));
    parts.push(file.data, Buffer.alloc(padding(file.data.length)));
  }
  parts.push(Buffer.alloc(BLOCK * 2));
  return Buffer.concat(parts);
}

/**
 * The regular files of a tar archive (folders and other entries are skipped).
 * @param {Buffer} tar
 * @returns {TarFile[]}
 */
export function tarUnpack(tar) {
  /** @type {TarFile[]} */
  const files = [];
  let offset = 0;
  while (offset + BLOCK <= tar.length) {
    const block = tar.subarray(offset, offset + BLOCK);
    if (block.every((b) => b === 0)) break;
    if (checksum(block) !== octal(block, 148, 8)) throw new Error('not a Papan backup (bad tar checksum)');
    const name = text(block, 0, 100);
    const prefix = text(block, 345, 155);
    const path = safePath(prefix ? `${prefix}/${name}` : name);
    const size = octal(block, 124, 12);
    const type = String.fromCharCode(block[156] || 48);
    offset += BLOCK;
    if (type === '0') {
      files.push({
        path,
        data: Buffer.from(tar.subarray(offset, offset + size)),
        mode: octal(block, 100, 8),
      });
    }
    offset += size + padding(size);
  }
  return files;
}

/** @param {string} path @param {number} size @param {number} mode */
function header(path, size, mode) {
  const block = Buffer.alloc(BLOCK);
  let name = path;
  let prefix = '';
  if (Buffer.byteLength(name) > 100) {
    const cut = path.lastIndexOf('/', 155);
    prefix = path.slice(0, cut);
    name = path.slice(cut + 1);
    if (cut < 0 || Buffer.byteLength(name) > 100 || Buffer.byteLength(prefix) > 155) {
      throw new Error(`path too long for a backup: ${path}`);
    }
  }
  block.write(name, 0, 100, 'utf8');
  block.write(`${(mode & 0o7777).toString(8).padStart(7, '0')}\0`, 100);
  block.write('0000000\0', 108); // uid
  block.write('0000000\0', 116); // gid
  block.write(`${size.toString(8).padStart(11, '0')}\0`, 124);
  block.write(
    `${Math.floor(Date.now() / 1000)
      .toString(8)
      .padStart(11, '0')}\0`,
    136,
  );
  block.write('0', 156); // regular file
  block.write('ustar\u000000', 257);
  block.write(prefix, 345, 155, 'utf8');
  block.write(`${checksum(block).toString(8).padStart(6, '0')}\0 `, 148);
  return block;
}

/** The header checksum: the sum of its bytes with the checksum field counted as spaces. */
function checksum(/** @type {Buffer} */ block) {
  let sum = 0;
  for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 32 : block[i];
  return sum;
}

/** @param {number} size */
const padding = (size) => (BLOCK - (size % BLOCK)) % BLOCK;

/** @param {Buffer} block @param {number} start @param {number} length */
function text(block, start, length) {
  const raw = block.subarray(start, start + length);
  const end = raw.indexOf(0);
  return raw.subarray(0, end < 0 ? length : end).toString('utf8');
}

/** @param {Buffer} block @param {number} start @param {number} length */
function octal(block, start, length) {
  return parseInt(text(block, start, length).trim() || '0', 8);
}

/** A relative path inside the archive; anything that climbs out or is absolute is refused. */
function safePath(/** @type {string} */ path) {
  const normal = posix.normalize(path);
  if (!normal || normal.startsWith('/') || normal === '..' || normal.startsWith('../')) {
    throw new Error(`unsafe path in backup: ${path}`);
  }
  return normal;
}
