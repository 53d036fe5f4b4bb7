import type { ExportFormat } from '@papan/shared';
import { FileArchive, FileJson, FileSpreadsheet, MoreHorizontal, Rows3 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { Menu } from '../../../components/ui/menu';
import { downloadBoardExport } from '../api/export-board';

const iconClass = 'size-4 shrink-0';

/**
 * The board header's "…" menu: a new swimlane (docs/lanes.md; so a board without lanes can get its
 * first), and the board as a file (docs/api.md, "Export and import").
 */
export function BoardExportMenu({ boardId, onAddLane }: { boardId: string; onAddLane?: () => void }) {
  const { t } = useTranslation();
  const download = (format: ExportFormat) => {
    downloadBoardExport(boardId, format).catch((err: unknown) => {
      console.error('Board export failed', err);
      toast.error(t('board.export.failed'));
    });
  };
  return (
    <Menu
      label={t('board.export.menu')}
      trigger={<MoreHorizontal aria-hidden="true" className="size-5" />}
      triggerClassName="inline-flex size-8 items-center justify-center rounded-lg text-slate-500 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:text-slate-400 dark:hover:bg-slate-800 dark:hover:text-white"
      items={[
        ...(onAddLane
          ? [
              {
                label: t('board.lanes.add'),
                icon: <Rows3 aria-hidden="true" className={iconClass} />,
                onSelect: onAddLane,
              },
            ]
          : []),
        {
          label: t('board.export.json'),
          icon: <FileJson aria-hidden="true" className={iconClass} />,
          onSelect: () => download('json'),
        },
        {
          label: t('board.export.csv'),
          icon: <FileSpreadsheet aria-hidden="true" className={iconClass} />,
          onSelect: () => download('csv'),
        },
        {
          label: t('board.export.zip'),
          icon: <FileArchive aria-hidden="true" className={iconClass} />,
          onSelect: () => download('zip'),
        },
      ]}
    />
  );
}
