import { useTranslation } from 'react-i18next';
import { Avatar } from '../avatar';
import type { useMentionPicker } from './use-mention-picker';

type Picker = ReturnType<typeof useMentionPicker>;

/** The people offered for an `@`; options are picked with the mouse too (without taking focus). */
export function MentionList({ picker }: { picker: Picker }) {
  const { t } = useTranslation();
  if (!picker.open) return null;
  return (
    <ul
      id={picker.listId}
      role="listbox"
      aria-label={t('common.markdown.mentionList')}
      className="absolute left-0 z-20 mt-1 max-h-60 w-64 overflow-y-auto rounded-lg border border-slate-200 bg-white p-1 shadow-lg dark:border-slate-700 dark:bg-slate-900"
    >
      {picker.options.map((person, index) => (
        <li
          key={person._id}
          id={picker.optionId(index)}
          role="option"
          aria-selected={index === picker.active}
          onMouseDown={(event) => event.preventDefault()}
          onMouseEnter={() => picker.setActive(index)}
          onClick={() => picker.pick(person)}
          className={`flex cursor-pointer items-center gap-2 rounded-md px-2 py-1.5 text-sm ${
            index === picker.active
              ? 'bg-indigo-100 text-indigo-900 dark:bg-indigo-900/60 dark:text-indigo-100'
              : 'text-slate-700 dark:text-slate-200'
          }`}
        >
          <Avatar name={person.name} src={person.avatarUrl} size="sm" />
          <span className="truncate">{person.name}</span>
        </li>
      ))}
    </ul>
  );
}
