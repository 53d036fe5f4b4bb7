import { useTranslation } from 'react-i18next';
import { Dialog } from '../../../../components/ui/dialog';
import { useSession } from '../../../../lib/session';
import { useBoardStore } from '../../store';
import { InviteForm } from './invite-form';
import { MemberList } from './member-list';
import { ShareLink } from './share-link';
import { TemplateSetting } from './template-setting';
import { WebhooksSection } from './webhooks/webhooks-section';

/**
 * The Share Board panel (docs/product.md, "Share Board panel"): the link, an e-mail invitation, the
 * members; the owner's "Use as template" and webhooks.
 */
export function SharePanel({ boardId, onClose }: { boardId: string; onClose: () => void }) {
  const { t } = useTranslation();
  const isOwner =
    useBoardStore((state) => state.board?.ownerId?._id) === useSession((state) => state.session?._id);
  return (
    <Dialog title={t('board.share.title')} onClose={onClose} size="md">
      <div className="flex flex-col gap-6">
        <ShareLink />
        <InviteForm boardId={boardId} />
        <MemberList boardId={boardId} />
        {isOwner && <TemplateSetting boardId={boardId} />}
        {isOwner && <WebhooksSection boardId={boardId} />}
      </div>
    </Dialog>
  );
}
