import type { Readable } from 'node:stream';
import { BadRequestException, UnsupportedMediaTypeException } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';

/** The one file of an attachment upload, not yet read. */
export interface UploadedFile {
  filename: string;
  mimetype: string;
  stream: Readable;
}

/** Opens the upload once the caller may make it, with the size limit in force. */
export type UploadOpener = (maxBytes: number) => Promise<UploadedFile>;

const FIELD = 'file';

/**
 * The multipart body of POST /api/cards/{id}/attachments: exactly one file, in the field `file`.
 * Nothing is read here beyond the part's headers; the bytes are streamed by AttachmentStore,
 * which answers 413 as soon as there is one byte more than `maxBytes`.
 */
export function uploadOpener(req: FastifyRequest): UploadOpener {
  return async (maxBytes) => {
    if (!req.isMultipart())
      throw new UnsupportedMediaTypeException('Expected multipart/form-data with a file');
    let part: Awaited<ReturnType<FastifyRequest['file']>>;
    try {
      part = await req.file({
        // One byte over the limit reaches AttachmentStore, which then refuses the file.
        limits: { fileSize: maxBytes + 1, files: 1, fields: 10, fieldSize: 1024, parts: 12 },
        throwFileSizeLimit: false,
      });
    } catch {
      throw new BadRequestException(`${FIELD}: the multipart body is malformed`);
    }
    if (!part)
      throw new BadRequestException(`${FIELD}: missing; send the file in the multipart field "${FIELD}"`);
    if (part.fieldname !== FIELD) {
      part.file.resume();
      throw new BadRequestException(
        `${FIELD}: missing; send the file in the multipart field "${FIELD}", not "${part.fieldname}"`,
      );
    }
    return { filename: part.filename, mimetype: part.mimetype, stream: part.file };
  };
}
