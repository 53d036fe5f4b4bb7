import { ApiError } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';

/**
 * GET /api/attachments/{id} or its /thumbnail: the bytes. Only the Authorization header admits a
 * reader (no cookie), so an `<img src>` or a plain link cannot load them; they are read here and
 * shown through an object URL.
 */
export async function getAttachmentBlob(url: string, signal?: AbortSignal): Promise<Blob> {
  const token = useSession.getState().session?.token;
  const response = await fetch(url, {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
    signal,
  });
  if (!response.ok)
    throw new ApiError(response.status, `Reading ${url} failed with status ${response.status}`);
  return response.blob();
}
