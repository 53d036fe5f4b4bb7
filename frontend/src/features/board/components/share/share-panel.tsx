import { useTranslation } from 'react-i18next';
import { Dialog } from '../../../../components/ui/dialog';
import { InviteForm } from './invite-form';
import { MemberList } from './member-list';
import { ShareLink } from './share-link';

/** SPEC §2's Share Board panel: the link, an e-mail invitation and the members. */
export function SharePanel({ boardId, onClose }: { boardId: string; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog title={t('board.share.title')} onClose={onClose} size="md">
      <div className="flex flex-col gap-6">
        <ShareLink />
        <InviteForm boardId={boardId} />
        <MemberList boardId={boardId} />
      </div>
    </Dialog>
  );
}
