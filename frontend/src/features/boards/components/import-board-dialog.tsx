import { TRANSFER_LIMITS } from '@papan/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { ApiError } from '../../../lib/api-client';
import { importBoard } from '../api/import-board';
import { refreshBoardLists } from '../api/query-keys';

const MAX_MB = TRANSFER_LIMITS.fileBytes / 1024 / 1024;

/** A board from a Papan export (JSON or ZIP) or a Trello JSON export (docs/api.md, "Export and import"). */
export function ImportBoardDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const busy = progress !== null;

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!file || busy) return;
    if (file.size > TRANSFER_LIMITS.fileBytes)
      return setError(t('boards.import.errors.tooLarge', { max: MAX_MB }));
    setError(null);
    setProgress(0);
    try {
      const board = await importBoard(file, (sent, total) =>
        setProgress(total ? Math.round((sent / total) * 100) : 0),
      );
      refreshBoardLists(queryClient);
      onClose();
      void navigate(`/board/${board._id}`);
    } catch (err) {
      setProgress(null);
      // The server names the problem (the field and what is wrong): shown as it says it.
      setError(err instanceof ApiError && err.status > 0 ? err.message : t('boards.import.errors.failed'));
    }
  }

  return (
    <Dialog
      title={t('boards.import.title')}
      description={t('boards.import.description', { max: MAX_MB })}
      onClose={onClose}
    >
      <form onSubmit={(event) => void handleSubmit(event)} className="flex flex-col gap-4">
        {error && <Alert tone="error">{error}</Alert>}
        <label className="flex flex-col gap-1.5 text-sm font-medium">
          {t('boards.import.fileLabel')}
          <input
            type="file"
            accept=".json,.zip,application/json,application/zip"
            disabled={busy}
            onChange={(event) => {
              setFile(event.target.files?.[0] ?? null);
              setError(null);
            }}
            className="text-sm file:mr-3 file:rounded-lg file:border-0 file:bg-indigo-50 file:px-3 file:py-2 file:font-medium file:text-indigo-700 dark:file:bg-indigo-500/15 dark:file:text-indigo-300"
          />
        </label>
        {busy && (
          <div className="flex flex-col gap-1">
            <progress
              max={100}
              value={progress}
              aria-label={t('boards.import.progress', { percent: progress })}
              className="h-2 w-full overflow-hidden rounded-full accent-indigo-600"
            />
            <span className="text-xs text-slate-600 dark:text-slate-400" aria-live="polite">
              {progress < 100
                ? t('boards.import.progress', { percent: progress })
                : t('boards.import.processing')}
            </span>
          </div>
        )}
        <div className="mt-2 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" disabled={!file || busy} loading={busy}>
            {t('boards.import.submit')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
