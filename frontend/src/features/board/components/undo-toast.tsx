import { UNDO_TOAST_MS, type UndoAnswer } from '@papan/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { buttonStyles } from '../../../components/ui/button-styles';
import { ApiError } from '../../../lib/api-client';
import { undoDelete } from '../api/undo-delete';
import { useBoardStore } from '../store';

interface UndoToastProps {
  token: string;
  close: () => void;
  onRestored?: (answer: UndoAnswer) => void;
}

/** "Deleted — Undo" (docs/api.md, "Undo"): Undo puts it back through the store, like any change. */
export function UndoToast({ token, close, onRestored }: UndoToastProps) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);

  async function undo() {
    setBusy(true);
    try {
      const answer = await useBoardStore.getState().run(() => undoDelete(token));
      onRestored?.(answer);
      close();
    } catch (error) {
      console.error('Failed to undo the deletion', error);
      close();
      const message = error instanceof ApiError ? error.message : String(error);
      toast.error(t('undo.failed', { message }));
    }
  }

  return (
    <div className="flex items-center gap-3">
      <span className="flex-1">{t('undo.deleted')}</span>
      <button
        type="button"
        className={buttonStyles('secondary', 'sm')}
        disabled={busy}
        onClick={(event) => {
          event.stopPropagation();
          void undo();
        }}
      >
        {busy ? t('undo.undoing') : t('undo.undo')}
      </button>
    </div>
  );
}

/**
 * Shows "Deleted — Undo" for 10 s after a delete answered `undoToken`. A status, not an alert: a
 * screen reader announces it politely, and the Undo button is reachable by keyboard.
 */
export function offerUndo(token: string | undefined, onRestored?: (answer: UndoAnswer) => void): void {
  if (!token) return;
  toast(({ closeToast }) => <UndoToast token={token} close={() => closeToast()} onRestored={onRestored} />, {
    autoClose: UNDO_TOAST_MS,
    closeOnClick: false,
    pauseOnFocusLoss: false,
    role: 'status',
  });
}
