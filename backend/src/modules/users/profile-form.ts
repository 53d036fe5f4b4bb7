import { BadRequestException, UnsupportedMediaTypeException } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { LIMITS } from '@papan/shared';

export interface ProfileForm {
  fields: Record<string, unknown>;
  picture: Buffer | null;
}

const TEXT_FIELDS = new Set(['name', 'gender', 'socialLinks']);

/** Reads the multipart profile update: its text fields and the optional profilePicture file. */
export async function readProfileForm(req: FastifyRequest): Promise<ProfileForm> {
  if (!req.isMultipart()) throw new UnsupportedMediaTypeException('Expected multipart/form-data');
  const fields: Record<string, unknown> = {};
  let picture: Buffer | null = null;
  for await (const part of req.parts({
    limits: { fileSize: LIMITS.profilePictureBytes, files: 1, fields: 10, fieldSize: 16_384 },
  })) {
    if (part.type === 'file') {
      if (part.fieldname !== 'profilePicture')
        throw new BadRequestException(`${part.fieldname}: unexpected file`);
      picture = await part.toBuffer();
    } else if (TEXT_FIELDS.has(part.fieldname)) {
      fields[part.fieldname] =
        part.fieldname === 'socialLinks' ? parseJson(String(part.value)) : String(part.value);
    }
  }
  return { fields, picture: picture?.length ? picture : null };
}

function parseJson(text: string): unknown {
  if (text.trim() === '') return {};
  try {
    return JSON.parse(text);
  } catch {
    throw new BadRequestException('socialLinks: must be JSON text');
  }
}
