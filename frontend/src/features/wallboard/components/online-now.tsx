import type { BoardPresence, CompactBoardDetail } from '@papan/shared';
import { useTranslation } from 'react-i18next';
import { Avatar } from '../../../components/ui/avatar';

/** Who has the board open in the app right now, with their pictures where the board knows them. */
export function OnlineNow({
  users,
  members,
}: {
  users: BoardPresence['users'];
  members: CompactBoardDetail['members'];
}) {
  const { t } = useTranslation();
  const pictures = new Map(members.map((m) => [m._id, m.avatarUrl]));
  return (
    <section aria-label={t('wallboard.online')} className="flex items-center gap-3 text-lg text-slate-300">
      <span>{t('wallboard.online')}:</span>
      {users.length === 0 ? (
        <span className="text-slate-400">{t('wallboard.nobodyOnline')}</span>
      ) : (
        <ul className="flex flex-wrap items-center gap-2">
          {users.map((user) => (
            <li
              key={user._id}
              className="flex items-center gap-1.5 rounded-full bg-slate-800 py-0.5 pl-0.5 pr-3"
            >
              <Avatar name={user.name} src={pictures.get(user._id)} size="xs" />
              <span className="text-base text-slate-100">{user.name}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
