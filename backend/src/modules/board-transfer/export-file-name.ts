/** RFC 5987 percent-encoding: encodeURIComponent leaves ' ( ) * alone, which that grammar does not allow. */
const encodeRfc5987 = (s: string) =>
  encodeURIComponent(s).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/**
 * `Content-Disposition` of an export: `filename*=UTF-8''<board title>.<ext>` (RFC 6266), after a
 * plain ASCII `filename` for the few clients that read only that. Path separators and control
 * characters leave the title first.
 */
export function exportDisposition(title: string, ext: string): string {
  const clean = title.replace(/[\p{Cc}/\\]+/gu, ' ').trim() || 'board';
  const name = `${clean}.${ext}`;
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["%]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeRfc5987(name)}`;
}
