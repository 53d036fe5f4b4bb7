import { randomUUID } from 'node:crypto';
import { rm, writeFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import {
  Inject,
  Injectable,
  PayloadTooLargeException,
  UnprocessableEntityException,
  UnsupportedMediaTypeException,
} from '@nestjs/common';
import { LIMITS } from '@papan/shared';
import { loadSharp } from '../../common/load-sharp';

export const UPLOADS_DIR = Symbol('UPLOADS_DIR');
export const UPLOADS_URL_PREFIX = '/uploads/';
const PICTURE_SIZE = 256;

/** A path under UPLOADS_URL_PREFIX naming a file as we store them: one plain `name.png`. */
export const isUploadedFilePath = (path: string): boolean => /^\/[\w-]+\.png$/.test(path);

/** Magic numbers of the picture formats we accept; the name and Content-Type are never trusted. */
const SIGNATURES: { type: string; bytes: number[] }[] = [
  { type: 'png', bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
  { type: 'jpeg', bytes: [0xff, 0xd8, 0xff] },
  { type: 'gif', bytes: [0x47, 0x49, 0x46, 0x38] },
];

/** A 2 MB file can claim billions of pixels (a decompression bomb): the header is checked first. */
const MAX_PIXELS = 40_000_000;

async function assertPixelCount(sharp: Awaited<ReturnType<typeof loadSharp>>, bytes: Buffer): Promise<void> {
  let size: { width?: number; height?: number };
  try {
    size = await sharp(bytes, { limitInputPixels: false }).metadata(); // the header only, no pixel
  } catch {
    throw new UnprocessableEntityException('Profile picture could not be read as an image');
  }
  if (!size.width || !size.height || size.width * size.height > MAX_PIXELS) {
    throw new UnprocessableEntityException(
      `Profile picture must be at most ${MAX_PIXELS / 1_000_000} million pixels`,
    );
  }
}

@Injectable()
export class UploadsService {
  constructor(@Inject(UPLOADS_DIR) private readonly dir: string) {}

  /** Checks, decodes and re-encodes a picture to a square PNG; answers its public URL. */
  async storeProfilePicture(bytes: Buffer): Promise<string> {
    if (bytes.length > LIMITS.profilePictureBytes)
      throw new PayloadTooLargeException('Profile picture must be at most 2 MB');
    if (!SIGNATURES.some((s) => s.bytes.every((b, i) => bytes[i] === b))) {
      throw new UnsupportedMediaTypeException('Profile picture must be a PNG, JPEG or GIF image');
    }
    const sharp = await loadSharp();
    await assertPixelCount(sharp, bytes);
    let png: Buffer;
    try {
      png = await sharp(bytes, { failOn: 'truncated', limitInputPixels: MAX_PIXELS, animated: false })
        .rotate()
        .resize(PICTURE_SIZE, PICTURE_SIZE, { fit: 'cover' })
        .png()
        .toBuffer();
    } catch {
      throw new UnprocessableEntityException('Profile picture could not be read as an image');
    }
    const name = `${randomUUID()}.png`;
    await writeFile(join(this.dir, name), png);
    return `${UPLOADS_URL_PREFIX}${name}`;
  }

  /** Removes a picture we stored earlier; anything else is left alone. */
  async remove(url: string | null | undefined): Promise<void> {
    if (!url?.startsWith(UPLOADS_URL_PREFIX)) return;
    await rm(join(this.dir, basename(url)), { force: true });
  }
}
