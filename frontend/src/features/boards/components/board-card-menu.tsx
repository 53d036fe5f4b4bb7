import { Archive, MoreHorizontal, Pencil, Pin, PinOff, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Menu } from '../../../components/ui/menu';

interface BoardCardMenuProps {
  title: string;
  isPinned: boolean;
  onEdit: () => void;
  onTogglePin: () => void;
  onArchive: () => void;
  onDelete: () => void;
}

const iconClass = 'size-4 shrink-0';

export function BoardCardMenu({
  title,
  isPinned,
  onEdit,
  onTogglePin,
  onArchive,
  onDelete,
}: BoardCardMenuProps) {
  const { t } = useTranslation();
  return (
    <Menu
      label={t('boards.card.menu', { title })}
      trigger={<MoreHorizontal aria-hidden="true" className="size-5" />}
      triggerClassName="inline-flex size-8 items-center justify-center rounded-lg text-slate-500 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:text-slate-400 dark:hover:bg-slate-800 dark:hover:text-white"
      items={[
        {
          label: t('boards.card.editTitle'),
          icon: <Pencil aria-hidden="true" className={iconClass} />,
          onSelect: onEdit,
        },
        isPinned
          ? {
              label: t('boards.card.unpin'),
              icon: <PinOff aria-hidden="true" className={iconClass} />,
              onSelect: onTogglePin,
            }
          : {
              label: t('boards.card.pin'),
              icon: <Pin aria-hidden="true" className={iconClass} />,
              onSelect: onTogglePin,
            },
        {
          label: t('boards.card.archive'),
          icon: <Archive aria-hidden="true" className={iconClass} />,
          onSelect: onArchive,
        },
        {
          label: t('boards.card.delete'),
          icon: <Trash2 aria-hidden="true" className={iconClass} />,
          onSelect: onDelete,
          tone: 'danger',
        },
      ]}
    />
  );
}
