import { X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Avatar } from '../../../../components/ui/avatar';
import { Badge } from '../../../../components/ui/badge';
import { useSession } from '../../../../lib/session';
import { removeMember } from '../../api/remove-member';
import { useBoardStore } from '../../store';

/** 'Members (count)': name, e-mail and Owner or Member; the owner may remove the others. */
export function MemberList({ boardId }: { boardId: string }) {
  const { t } = useTranslation();
  const members = useBoardStore((state) => state.board?.members);
  const ownerId = useBoardStore((state) => state.board?.ownerId?._id);
  const myId = useSession((state) => state.session?._id);
  const list = members ?? [];

  async function remove(userId: string) {
    try {
      await useBoardStore.getState().run(() => removeMember(boardId, userId));
    } catch (error) {
      console.error('Failed to remove the member', error);
    }
  }

  return (
    <section>
      <h3 className="text-sm font-semibold">{t('board.share.members', { count: list.length })}</h3>
      <ul className="mt-2 max-h-48 divide-y divide-slate-100 overflow-y-auto rounded-xl border border-slate-200 dark:divide-slate-800 dark:border-slate-800">
        {list.map((member) => {
          const isOwner = member._id === ownerId;
          return (
            <li key={member._id} className="flex items-center gap-3 px-3 py-2">
              <Avatar name={member.name} src={member.avatarUrl} size="sm" />
              <div className="min-w-0 flex-1">
                <p className="truncate text-sm font-medium">{member.name}</p>
                <p className="truncate text-xs text-slate-500 dark:text-slate-400">{member.email}</p>
              </div>
              <Badge tone={isOwner ? 'indigo' : 'slate'}>
                {isOwner ? t('board.share.owner') : t('board.share.member')}
              </Badge>
              {myId === ownerId && !isOwner && (
                <button
                  type="button"
                  onClick={() => void remove(member._id)}
                  aria-label={t('board.share.remove', { name: member.name })}
                  className="inline-flex size-7 items-center justify-center rounded-md text-slate-400 hover:bg-red-50 hover:text-red-600 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:hover:bg-red-500/10"
                >
                  <X aria-hidden="true" className="size-4" />
                </button>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
