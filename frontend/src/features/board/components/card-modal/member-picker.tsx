import type { CompactCard, UserRef } from '@papan/shared';
import { Users } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Avatar } from '../../../../components/ui/avatar';
import { fieldClass } from '../../../../components/ui/field-styles';
import { Popover } from '../../../../components/ui/popover';
import { useBoardStore } from '../../store';
import { setCardMember } from './card-member-change';
import { sideButtonClass, sideHeadingClass } from './modal-styles';

const NO_MEMBERS: UserRef[] = [];

/** ADD TO CARD → Members: the board's members, searchable by name or address, to put on the card. */
export function MemberPicker({ card }: { card: CompactCard }) {
  const { t } = useTranslation();
  return (
    <Popover
      label={t('board.cardMembers.title')}
      triggerClassName={sideButtonClass}
      align="right"
      trigger={
        <>
          <Users aria-hidden="true" className="size-4" />
          {t('board.cardMembers.button')}
        </>
      }
    >
      {() => <MemberList card={card} />}
    </Popover>
  );
}

function MemberList({ card }: { card: CompactCard }) {
  const { t } = useTranslation();
  const members = useBoardStore((state) => state.board?.members ?? NO_MEMBERS);
  const [query, setQuery] = useState('');
  const searchId = useId();
  const onCard = new Set(card.memberIds ?? []);
  const words = query.trim().toLowerCase();
  const shown = members.filter(
    (m) => !words || m.name.toLowerCase().includes(words) || m.email.toLowerCase().includes(words),
  );

  return (
    <div className="flex w-64 flex-col gap-3">
      <h4 className={sideHeadingClass}>{t('board.cardMembers.title')}</h4>
      <label htmlFor={searchId} className="sr-only">
        {t('board.cardMembers.search')}
      </label>
      <input
        id={searchId}
        type="search"
        value={query}
        onChange={(event) => setQuery(event.target.value)}
        placeholder={t('board.cardMembers.search')}
        className={`h-9 ${fieldClass}`}
        autoFocus
      />
      <ul className="flex max-h-56 flex-col gap-1 overflow-y-auto">
        {shown.map((member) => (
          <li key={member._id}>
            <label className="flex cursor-pointer items-center gap-2 rounded-md px-1 py-1 hover:bg-slate-50 dark:hover:bg-slate-800">
              <input
                type="checkbox"
                checked={onCard.has(member._id)}
                onChange={() => void setCardMember(card._id, member._id, !onCard.has(member._id))}
                className="size-4 accent-indigo-600"
              />
              <Avatar name={member.name} src={member.avatarUrl} size="xs" />
              <span className="min-w-0 flex-1 truncate text-sm text-slate-800 dark:text-slate-100">
                {member.name}
              </span>
            </label>
          </li>
        ))}
        {shown.length === 0 && (
          <li className="px-1 py-1 text-sm text-slate-500 dark:text-slate-400">
            {t('board.cardMembers.none')}
          </li>
        )}
      </ul>
    </div>
  );
}
