import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import { uploadAttachment } from '../api/upload-attachment';
import { useBoardStore } from '../store';
import type { AttachmentChange } from './use-card-attachments';

/** One file on its way to the card: its progress, or why the server refused it. */
export interface Upload {
  key: number;
  name: string;
  /** 0–100. */
  percent: number;
  error: string | null;
  cancel: () => void;
}

let nextKey = 1;

/** The server's limit as its 413 names it ('file: must be at most 10 MB'). */
const limitOf = (error: ApiError) => /at most (\d+) MB/.exec(error.message)?.[1] ?? null;

/**
 * Uploads files to a card, each with its own progress bar and Cancel button. A finished upload
 * leaves the bars for the list (`onAdded`) and the board's count; a refused one stays, saying why.
 * Leaving the card cancels what is still going.
 */
export function useAttachmentUploads(cardId: string, onAdded: (change: AttachmentChange) => void) {
  const { t } = useTranslation();
  const [uploads, setUploads] = useState<Upload[]>([]);
  const controllers = useRef(new Set<AbortController>());
  useEffect(() => {
    const running = controllers.current;
    return () => running.forEach((controller) => controller.abort());
  }, []);

  const change = (key: number, patch: Partial<Upload>) =>
    setUploads((all) => all.map((upload) => (upload.key === key ? { ...upload, ...patch } : upload)));
  const dismiss = useCallback((key: number) => setUploads((all) => all.filter((u) => u.key !== key)), []);

  function describe(error: unknown, name: string): string {
    if (error instanceof ApiError && error.status === 413) {
      const max = limitOf(error);
      return max
        ? t('board.attachments.tooLarge', { name, max })
        : t('board.attachments.tooLargeNoLimit', { name });
    }
    if (error instanceof ApiError && error.status === 400 && /empty/.test(error.message))
      return t('board.attachments.empty', { name });
    if (error instanceof ApiError && error.status === 0) return t('board.attachments.offline', { name });
    return t('board.attachments.failed', { name });
  }

  async function send(file: File) {
    const key = nextKey++;
    const controller = new AbortController();
    controllers.current.add(controller);
    const upload: Upload = {
      key,
      name: file.name,
      percent: 0,
      error: null,
      cancel: () => controller.abort(),
    };
    setUploads((all) => [...all, upload]);
    try {
      await useBoardStore.getState().run(async () => {
        const answer = await uploadAttachment(cardId, file, {
          signal: controller.signal,
          onProgress: (sent, total) => change(key, { percent: total ? Math.round((sent / total) * 100) : 0 }),
        });
        if (answer.event?.type === 'attachment.added') onAdded(answer.event);
        return answer;
      });
      dismiss(key);
    } catch (error) {
      if (controller.signal.aborted) return dismiss(key);
      console.error('Failed to upload the attachment', error);
      change(key, { error: describe(error, file.name) });
    } finally {
      controllers.current.delete(controller);
    }
  }

  const start = (files: Iterable<File>) => Array.from(files).forEach((file) => void send(file));
  return { uploads, start, dismiss };
}
