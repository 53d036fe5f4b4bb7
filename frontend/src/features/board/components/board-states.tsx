import { Lock, TriangleAlert } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { serverMessage } from '../../../lib/api-client';
import { forgetPrefetchedBoard } from '../api/get-board';
import { joinBoard } from '../api/join-board';
import { useBoardStore } from '../store';

/** 'Could not load board.' (docs/product.md, "Board screen"; "Failures and messages"). */
export function BoardLoadError() {
  const { t } = useTranslation();
  return (
    <div role="alert" className="mx-auto max-w-xl pt-10">
      <EmptyState
        icon={<TriangleAlert aria-hidden="true" className="size-6" />}
        title={t('board.states.loadError')}
      />
    </div>
  );
}

/**
 * A 403 on the board read: the Join prompt, which is all a non-member sees (docs/product.md,
 * "Roles and permissions").
 */
export function NotMemberState({ boardId }: { boardId: string }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);

  async function join() {
    setBusy(true);
    setRefusal(null);
    try {
      await joinBoard(boardId);
      // A read taken before the join (the route's prefetch) would bring the non-member screen back.
      forgetPrefetchedBoard(boardId);
      useBoardStore.getState().open(boardId);
      await useBoardStore.getState().refresh();
    } catch (error) {
      // A failed join is only logged (docs/product.md, "Failures and messages"); the server's
      // reason (invitation only…) is still worth showing.
      console.error('Failed to join the board', error);
      setRefusal(serverMessage(error));
      setBusy(false);
    }
  }

  return (
    <div className="mx-auto max-w-xl pt-10">
      <EmptyState
        icon={<Lock aria-hidden="true" className="size-6" />}
        title={t('board.states.notMember')}
        action={
          <div className="flex flex-col items-center gap-4">
            <Button onClick={() => void join()} loading={busy} disabled={busy}>
              {t('board.states.join')}
            </Button>
            {refusal && <Alert tone="error">{refusal}</Alert>}
          </div>
        }
      />
    </div>
  );
}
