import { CHANGE_PREFERENCE, type Attachment, type ChangeAnswer } from '@papan/shared';
import { ApiError } from '../../../lib/api-client';
import { newIdempotencyKey } from '../../../lib/idempotency-key';
import { useSession } from '../../../lib/session';
import type { Committed } from './board-change';

export interface UploadOptions {
  /** Bytes sent so far, of `total`. */
  onProgress: (sent: number, total: number) => void;
  signal: AbortSignal;
}

/** The error body `{statusCode, error, message}` of a failed upload, when the server sent one. */
function parse(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text || null;
  }
}

/**
 * POST /api/cards/{id}/attachments (multipart field `file`) → 201 with the attachment. Sent with
 * XMLHttpRequest, the one browser call that reports upload progress. Aborting rejects with an
 * AbortError; a refused upload (413, 400, 403) rejects with an ApiError.
 */
export function uploadAttachment(cardId: string, file: File, options: UploadOptions) {
  const { onProgress, signal } = options;
  return new Promise<Committed<Attachment>>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    const aborted = () => reject(new DOMException('The upload was cancelled', 'AbortError'));
    if (signal.aborted) return aborted();
    xhr.open('POST', `/api/cards/${encodeURIComponent(cardId)}/attachments`);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader('Prefer', CHANGE_PREFERENCE);
    xhr.setRequestHeader('Idempotency-Key', newIdempotencyKey());
    const token = useSession.getState().session?.token;
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (event) =>
      onProgress(event.loaded, event.lengthComputable ? event.total : file.size);
    xhr.onabort = aborted;
    xhr.onerror = () => reject(new ApiError(0, 'Network error'));
    xhr.onload = () => {
      const body = parse(xhr.responseText);
      if (xhr.status < 200 || xhr.status >= 300) {
        const message = (body as { message?: unknown } | null)?.message;
        const text = typeof message === 'string' ? message : `Upload failed with status ${xhr.status}`;
        return reject(new ApiError(xhr.status, text, body));
      }
      resolve(body as ChangeAnswer<Attachment>);
    };
    signal.addEventListener('abort', () => xhr.abort(), { once: true });
    const form = new FormData();
    form.append('file', file, file.name);
    xhr.send(form);
  });
}
