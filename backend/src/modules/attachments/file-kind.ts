import contentDisposition from 'content-disposition';
import { ATTACHMENT_NAME_MAX } from '@papan/shared';

/**
 * The raster formats shown inline and given a thumbnail, told by their first bytes (the name and
 * the client's Content-Type are never trusted). SVG is a file: it can carry script.
 */
const IMAGE_SIGNATURES: { mimeType: string; matches: (b: Buffer) => boolean }[] = [
  { mimeType: 'image/png', matches: (b) => startsWith(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]) },
  { mimeType: 'image/jpeg', matches: (b) => startsWith(b, [0xff, 0xd8, 0xff]) },
  { mimeType: 'image/gif', matches: (b) => startsWith(b, [0x47, 0x49, 0x46, 0x38]) },
  {
    mimeType: 'image/webp',
    matches: (b) =>
      b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP',
  },
];

const startsWith = (bytes: Buffer, prefix: number[]) => prefix.every((byte, i) => bytes[i] === byte);

/** The image type the bytes begin with, or null for anything else. */
export function sniffImage(head: Buffer): string | null {
  return IMAGE_SIGNATURES.find((s) => s.matches(head))?.mimeType ?? null;
}

/** A media type as the client named it, when it is well formed; otherwise nothing is claimed. */
export function declaredType(mimeType: string | undefined): string {
  const type = mimeType?.trim().toLowerCase() ?? '';
  return /^[a-z0-9][\w.+-]{0,63}\/[a-z0-9][\w.+-]{0,127}$/.test(type) ? type : 'application/octet-stream';
}

/**
 * The name kept: the last part of any path, without control or bidi-override characters, at most
 * ATTACHMENT_NAME_MAX characters (cut before the extension), never empty or a dot name.
 */
export function cleanFileName(raw: string | undefined): string {
  const base = (raw ?? '').split(/[\\/]/).pop() ?? '';
  // Control characters (\p{Cc}) and the marks that reorder text (bidi overrides and isolates).
  const visible = base.replace(/[\p{Cc}\u200e\u200f\u202a-\u202e\u2066-\u2069]/gu, '').trim();
  const name = /^\.*$/.test(visible) ? 'file' : visible;
  const chars = [...name];
  if (chars.length <= ATTACHMENT_NAME_MAX) return name;
  const dot = name.lastIndexOf('.');
  const ext = dot > 0 ? [...name.slice(dot)] : [];
  const keep = ext.length > 0 && ext.length <= 16 ? ext : [];
  return chars.slice(0, ATTACHMENT_NAME_MAX - keep.length).join('') + keep.join('');
}

/**
 * The headers of a file answer (docs/api.md, "Attachments"): only raster images are shown in the
 * page.
 */
export function fileHeaders(file: { name: string; mimeType: string; isImage: boolean; size: number }) {
  return {
    'content-type': file.isImage ? file.mimeType : declaredType(file.mimeType),
    'content-length': String(file.size),
    'content-disposition': contentDisposition(file.name, { type: file.isImage ? 'inline' : 'attachment' }),
    'x-content-type-options': 'nosniff',
    // Even opened directly, the answer runs nothing and loads nothing in the app's origin.
    'content-security-policy': "default-src 'none'; sandbox",
    'cache-control': 'private, max-age=3600',
  };
}
