import { TriangleAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { WipState } from '../model/wip';

const chip = 'inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium tabular-nums';
const calm = 'bg-slate-200 text-slate-600 dark:bg-slate-800 dark:text-slate-300';
// Over the limit: red in both themes (text at AA contrast on its background), and a warning sign.
const over =
  'bg-red-100 text-red-800 ring-1 ring-red-300 dark:bg-red-950 dark:text-red-200 dark:ring-red-800';

/** `count/limit` in a list's header; over the limit, red with a warning sign (docs/lanes.md). */
export function WipCount({ wip }: { wip: WipState }) {
  const { t } = useTranslation();
  const mode = t(wip.hard ? 'board.wip.mode.hard' : 'board.wip.mode.soft');
  const text = t(wip.over ? 'board.wip.countOver' : 'board.wip.count', {
    count: wip.count,
    limit: wip.limit,
    mode,
  });
  return (
    <span className={`${chip} ${wip.over ? over : calm}`} role="img" aria-label={text} title={text}>
      {wip.over && <TriangleAlert aria-hidden="true" className="size-3.5" />}
      {wip.count}/{wip.limit}
    </span>
  );
}
