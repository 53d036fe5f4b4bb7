import type { BoardSummary } from '@papan/shared';
import { ApiError } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';

function parse(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text || null;
  }
}

/**
 * POST /api/boards/import (multipart field `file`: a Papan or Trello export) → 201 with the new
 * board. Sent with XMLHttpRequest, the one browser call that reports upload progress; a refused
 * file rejects with an ApiError carrying the server's message (which names the problem).
 */
export function importBoard(file: File, onProgress: (sent: number, total: number) => void) {
  return new Promise<BoardSummary>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/boards/import');
    xhr.setRequestHeader('Accept', 'application/json');
    const token = useSession.getState().session?.token;
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (event) =>
      onProgress(event.loaded, event.lengthComputable ? event.total : file.size);
    xhr.onerror = () => reject(new ApiError(0, 'Network error'));
    xhr.onload = () => {
      const body = parse(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300) return resolve(body as BoardSummary);
      const message = (body as { message?: unknown } | null)?.message;
      reject(new ApiError(xhr.status, typeof message === 'string' ? message : `HTTP ${xhr.status}`, body));
    };
    const form = new FormData();
    form.append('file', file, file.name);
    xhr.send(form);
  });
}
