import type { ActionType } from '@papan/shared';
import {
  Archive,
  ArrowRightLeft,
  History,
  MessageSquare,
  Pencil,
  SquarePlus,
  type LucideIcon,
} from 'lucide-react';

/** One icon per kind of activity, and one for every other kind (docs/product.md, "Activity page"). */
const ICONS: Partial<Record<ActionType, { Icon: LucideIcon; tint: string }>> = {
  CREATE_CARD: {
    Icon: SquarePlus,
    tint: 'bg-emerald-100 text-emerald-700 dark:bg-emerald-500/15 dark:text-emerald-300',
  },
  MOVE_CARD: { Icon: ArrowRightLeft, tint: 'bg-sky-100 text-sky-700 dark:bg-sky-500/15 dark:text-sky-300' },
  CREATE_COMMENT: {
    Icon: MessageSquare,
    tint: 'bg-violet-100 text-violet-700 dark:bg-violet-500/15 dark:text-violet-300',
  },
  UPDATE_BOARD: {
    Icon: Pencil,
    tint: 'bg-amber-100 text-amber-700 dark:bg-amber-500/15 dark:text-amber-300',
  },
  ARCHIVE_BOARD: { Icon: Archive, tint: 'bg-rose-100 text-rose-700 dark:bg-rose-500/15 dark:text-rose-300' },
};

const DEFAULT_ICON = {
  Icon: History,
  tint: 'bg-slate-100 text-slate-600 dark:bg-slate-800 dark:text-slate-300',
};

export function ActivityIcon({ actionType }: { actionType: ActionType }) {
  const { Icon, tint } = ICONS[actionType] ?? DEFAULT_ICON;
  return (
    <span
      data-action-type={actionType}
      className={`inline-flex size-9 shrink-0 items-center justify-center rounded-full ${tint}`}
    >
      <Icon aria-hidden="true" className="size-4" />
    </span>
  );
}
