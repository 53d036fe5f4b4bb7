const KB = 1024;
const MB = 1024 * KB;

/** A file's size as people read it: "512 B", "13.4 KB", "2.5 MB" (MB = MiB, as the limit counts). */
export function formatFileSize(bytes: number, language: string | undefined): string {
  const number = (value: number) =>
    new Intl.NumberFormat(language, { maximumFractionDigits: value < 10 ? 1 : 0 }).format(value);
  if (bytes < KB) return `${bytes} B`;
  if (bytes < MB) return `${number(bytes / KB)} KB`;
  return `${number(bytes / MB)} MB`;
}

/** What a file without a thumbnail is, for its icon. */
export type FileKind = 'image' | 'video' | 'audio' | 'archive' | 'sheet' | 'document' | 'code' | 'other';

const byExtension: [RegExp, FileKind][] = [
  [/\.(zip|rar|7z|tar|gz|tgz|bz2|xz)$/i, 'archive'],
  [/\.(csv|xlsx?|ods|tsv)$/i, 'sheet'],
  [/\.(pdf|docx?|odt|rtf|txt|md)$/i, 'document'],
  [/\.(js|ts|tsx|jsx|json|html?|css|py|rb|go|rs|java|c|cpp|sh|ya?ml|xml|sql)$/i, 'code'],
];

/** A file's kind, told by its type and then its name. */
export function fileKind(mimeType: string, name: string): FileKind {
  for (const kind of ['image', 'video', 'audio'] as const) if (mimeType.startsWith(`${kind}/`)) return kind;
  const known = byExtension.find(([pattern]) => pattern.test(name))?.[1];
  return known ?? (mimeType.startsWith('text/') ? 'document' : 'other');
}
