import type { Rule } from '@papan/shared';
import { Plus } from 'lucide-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { InlineSpinner } from '../../../components/ui/spinner';
import { useSession } from '../../../lib/session';
import { useRules } from '../hooks/use-rules';
import { boardNames, type AutomationBoard } from '../model/board-names';
import { RuleBuilder } from './rule-builder';
import { RuleRow } from './rule-row';

export interface AutomationPanelProps {
  /** The board as the board screen holds it (live): its lists, labels, members and cards. */
  board: AutomationBoard;
  onClose: () => void;
}

/**
 * The board menu's Automation panel (docs/product.md, "Automation panel"): the board's rules, each
 * read as a sentence with an on/off switch and its runs; the owner adds and edits them in a builder
 * that previews what a rule would have done before it is saved. Members see the rules only.
 */
export function AutomationPanel({ board, onClose }: AutomationPanelProps) {
  const { t } = useTranslation();
  const myId = useSession((state) => state.session?._id);
  const isOwner = !!myId && board.ownerId?._id === myId;
  const { data: rules, error, isLoading } = useRules(board._id);
  const names = useMemo(() => boardNames(board), [board]);
  // The rule being edited, 'new' for one being made, null for the list.
  const [editing, setEditing] = useState<Rule | 'new' | null>(null);
  // Where focus goes when what had it is gone (the builder closed, a rule deleted): the list's first
  // control, New rule for the owner; the dialog itself otherwise (Escape must still reach it).
  const list = useRef<HTMLDivElement>(null);
  const [refocus, setRefocus] = useState(0);
  useEffect(() => {
    if (!refocus) return;
    const target = list.current?.querySelector<HTMLElement>('button:not([disabled])') ?? list.current;
    target?.focus();
  }, [refocus]);
  const backToList = () => {
    setEditing(null);
    setRefocus((n) => n + 1);
  };
  const note = 'py-6 text-center text-sm text-slate-500 dark:text-slate-400';

  return (
    <Dialog title={t('automation.title')} description={t('automation.intro')} onClose={onClose} size="xl">
      {editing ? (
        <RuleBuilder
          board={board}
          names={names}
          rule={editing === 'new' ? null : editing}
          onDone={backToList}
        />
      ) : (
        <div ref={list} tabIndex={-1} className="flex flex-col gap-4 focus:outline-none">
          {isOwner ? (
            <Button className="self-start" onClick={() => setEditing('new')}>
              <Plus aria-hidden="true" className="size-4" />
              {t('automation.newRule')}
            </Button>
          ) : (
            <p className="rounded-lg bg-slate-100 px-3 py-2 text-sm text-slate-700 dark:bg-slate-800 dark:text-slate-200">
              {t('automation.ownerOnly')}
            </p>
          )}
          {isLoading ? (
            <InlineSpinner label={t('automation.loading')} />
          ) : error ? (
            <Alert tone="error">{t('automation.loadError')}</Alert>
          ) : !rules?.length ? (
            <p className={note}>{t('automation.empty')}</p>
          ) : (
            <ul className="divide-y divide-slate-100 rounded-xl border border-slate-200 dark:divide-slate-800 dark:border-slate-800">
              {rules.map((rule) => (
                <RuleRow
                  key={rule._id}
                  rule={rule}
                  names={names}
                  canEdit={isOwner}
                  onEdit={() => setEditing(rule)}
                  onDeleted={() => setRefocus((n) => n + 1)}
                />
              ))}
            </ul>
          )}
        </div>
      )}
    </Dialog>
  );
}
