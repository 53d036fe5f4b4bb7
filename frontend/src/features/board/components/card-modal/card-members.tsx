import type { CompactCard, UserRef } from '@papan/shared';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Avatar } from '../../../../components/ui/avatar';
import { useBoardStore } from '../../store';
import { sideHeadingClass } from './modal-styles';

const NO_MEMBERS: UserRef[] = [];

/** Who works on the card, in the detail: pictures with names. */
export function CardMembers({ card }: { card: CompactCard }) {
  const { t } = useTranslation();
  const headingId = useId();
  const members = useBoardStore((state) => state.board?.members ?? NO_MEMBERS);
  const onCard = (card.memberIds ?? []).flatMap((id) => members.filter((m) => m._id === id));
  if (onCard.length === 0) return null;
  return (
    <section aria-labelledby={headingId}>
      <h3 id={headingId} className={sideHeadingClass}>
        {t('board.cardMembers.heading')}
      </h3>
      <ul className="mt-2 flex flex-wrap gap-2">
        {onCard.map((member) => (
          <li
            key={member._id}
            className="inline-flex items-center gap-2 rounded-full bg-slate-100 py-0.5 pr-3 pl-0.5 text-sm text-slate-800 dark:bg-slate-800 dark:text-slate-100"
          >
            <Avatar name={member.name} src={member.avatarUrl} size="xs" />
            {member.name}
          </li>
        ))}
      </ul>
    </section>
  );
}
