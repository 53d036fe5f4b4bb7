import type { ExportFormat } from '@papan/shared';
import { ApiError } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';

/** The name `filename*=UTF-8''…` gives (RFC 6266), else `fallback`. */
function fileNameOf(disposition: string | null, fallback: string): string {
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(disposition ?? '')?.[1];
  if (!encoded) return fallback;
  try {
    return decodeURIComponent(encoded);
  } catch {
    return fallback;
  }
}

/**
 * GET /api/boards/{id}/export?format=… and saves the answer as a file. The call needs the
 * Authorization header, so it is fetched and handed to the browser as a blob download.
 */
export async function downloadBoardExport(boardId: string, format: ExportFormat): Promise<void> {
  const token = useSession.getState().session?.token;
  const res = await fetch(`/api/boards/${encodeURIComponent(boardId)}/export?format=${format}`, {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as { message?: string } | null;
    throw new ApiError(res.status, body?.message ?? `HTTP ${res.status}`, body);
  }
  const url = URL.createObjectURL(await res.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = fileNameOf(res.headers.get('Content-Disposition'), `board.${format}`);
  document.body.append(link);
  link.click();
  link.remove();
  // The click has started the download; the address is no longer needed once it has been read.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
