import type { ExportFormat } from '@papan/shared';
import {
  CopyPlus,
  FileArchive,
  FileJson,
  FileSpreadsheet,
  MoreHorizontal,
  Rows3,
  SlidersHorizontal,
  Zap,
} from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { Menu } from '../../../components/ui/menu';
import { downloadBoardExport } from '../api/export-board';
import { useBoardStore } from '../store';
import { CopyBoardDialog } from './copy-board-dialog';

const iconClass = 'size-4 shrink-0';

/**
 * The board header's "…" menu: the Automation panel (docs/product.md, "Automation panel"), a new
 * swimlane (docs/lanes.md; so a board without lanes can get its first), Copy board (docs/product.md,
 * "Templates") and the board as a file (docs/api.md, "Export and import").
 */
export function BoardExportMenu({
  boardId,
  onAddLane,
  onAutomation,
  onFields,
}: {
  boardId: string;
  onAddLane?: () => void;
  onAutomation?: () => void;
  /** Opens the custom fields manager (docs/fields.md). */
  onFields?: () => void;
}) {
  const { t } = useTranslation();
  const title = useBoardStore((state) => state.board?.title ?? '');
  const [copying, setCopying] = useState(false);
  const download = (format: ExportFormat) => {
    downloadBoardExport(boardId, format).catch((err: unknown) => {
      console.error('Board export failed', err);
      toast.error(t('board.export.failed'));
    });
  };
  return (
    <>
      <Menu
        label={t('board.export.menu')}
        trigger={<MoreHorizontal aria-hidden="true" className="size-5" />}
        triggerClassName="inline-flex size-8 items-center justify-center rounded-lg text-slate-500 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:text-slate-400 dark:hover:bg-slate-800 dark:hover:text-white"
        items={[
          ...(onAutomation
            ? [
                {
                  label: t('board.header.automation'),
                  icon: <Zap aria-hidden="true" className={iconClass} />,
                  onSelect: onAutomation,
                },
              ]
            : []),
          ...(onFields
            ? [
                {
                  label: t('board.fields.manager.menu'),
                  icon: <SlidersHorizontal aria-hidden="true" className={iconClass} />,
                  onSelect: onFields,
                },
              ]
            : []),
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
            label: t('board.header.copy'),
            icon: <CopyPlus aria-hidden="true" className={iconClass} />,
            onSelect: () => setCopying(true),
          },
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
      {copying && <CopyBoardDialog boardId={boardId} title={title} onClose={() => setCopying(false)} />}
    </>
  );
}
