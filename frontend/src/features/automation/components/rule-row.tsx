import type { Rule } from '@papan/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Pencil, Trash2, TriangleAlert } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { formatDateTime } from '../../../lib/dates';
import { deleteRule } from '../api/delete-rule';
import { updateRule } from '../api/update-rule';
import { dropRule, putRule } from '../hooks/use-rules';
import type { BoardNames } from '../model/board-names';
import { RuleRuns } from './rule-runs';
import { RuleSentence } from './rule-sentence';
import { RuleSwitch } from './rule-switch';

interface RuleRowProps {
  rule: Rule;
  names: BoardNames;
  /** The board owner may switch, edit and delete; members only read. */
  canEdit: boolean;
  onEdit: () => void;
  /** After it is deleted: its buttons are gone, so the panel moves the focus. */
  onDeleted: () => void;
}

/** One rule: its name, what it does as a sentence, on/off, Edit, Delete and its last runs. */
export function RuleRow({ rule, names, canEdit, onEdit, onDeleted }: RuleRowProps) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const [showRuns, setShowRuns] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);

  async function setEnabled(enabled: boolean) {
    setBusy(true);
    try {
      putRule(queryClient, await updateRule(rule._id, { enabled }));
    } catch (error) {
      console.error('Failed to switch the rule', error);
      toast.error(t('automation.rule.switchFailed'));
    } finally {
      setBusy(false);
    }
  }

  async function remove() {
    setBusy(true);
    try {
      await deleteRule(rule._id);
      setConfirming(false);
      dropRule(queryClient, rule.boardId, rule._id);
      onDeleted();
      toast.success(t('automation.rule.deleted'));
    } catch (error) {
      console.error('Failed to delete the rule', error);
      toast.error(t('automation.rule.deleteFailed'));
      setBusy(false);
    }
  }

  const iconButton =
    'inline-flex size-8 items-center justify-center rounded-lg text-slate-500 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:text-slate-400 dark:hover:bg-slate-800 dark:hover:text-white';
  return (
    <li className="flex flex-col gap-2 px-4 py-3">
      <div className="flex items-start gap-3">
        <div className="min-w-0 flex-1">
          <h3 className="truncate text-sm font-semibold">{rule.name}</h3>
          <p className="mt-0.5 text-sm text-slate-600 dark:text-slate-300">
            <RuleSentence trigger={rule.trigger} actions={rule.actions} names={names} />
          </p>
        </div>
        <RuleSwitch
          name={rule.name}
          enabled={rule.enabled}
          disabled={!canEdit || busy}
          onChange={(enabled) => void setEnabled(enabled)}
        />
        {canEdit && (
          <>
            <button
              type="button"
              onClick={onEdit}
              aria-label={t('automation.rule.edit', { name: rule.name })}
              className={iconButton}
            >
              <Pencil aria-hidden="true" className="size-4" />
            </button>
            <button
              type="button"
              onClick={() => setConfirming(true)}
              aria-label={t('automation.rule.delete', { name: rule.name })}
              className={`${iconButton} hover:bg-red-50 hover:text-red-600 dark:hover:bg-red-500/10 dark:hover:text-red-400`}
            >
              <Trash2 aria-hidden="true" className="size-4" />
            </button>
          </>
        )}
      </div>
      {rule.disabledReason && (
        <p className="flex items-start gap-1.5 rounded-lg bg-amber-50 px-2.5 py-1.5 text-xs text-amber-900 dark:bg-amber-500/10 dark:text-amber-200">
          <TriangleAlert aria-hidden="true" className="mt-px size-3.5 shrink-0" />
          {t('automation.rule.disabled', { reason: rule.disabledReason })}
        </p>
      )}
      <div className="flex flex-wrap items-center gap-3">
        <Button
          variant="ghost"
          size="sm"
          aria-expanded={showRuns}
          aria-label={`${t('automation.rule.runs')}: ${rule.name}`}
          onClick={() => setShowRuns((open) => !open)}
        >
          {t('automation.rule.runs')}
        </Button>
        {rule.enabled && rule.nextRunAt && (
          <span className="text-xs text-slate-500 dark:text-slate-400">
            {t('automation.rule.nextRun', { time: formatDateTime(rule.nextRunAt, i18n.resolvedLanguage) })}
          </span>
        )}
      </div>
      {showRuns && <RuleRuns ruleId={rule._id} ruleName={rule.name} />}
      {confirming && (
        <ConfirmDialog
          title={t('automation.rule.deleteTitle', { name: rule.name })}
          message={t('automation.rule.deleteMessage')}
          confirmLabel={t('automation.rule.deleteConfirm')}
          busy={busy}
          onConfirm={() => void remove()}
          onCancel={() => setConfirming(false)}
        />
      )}
    </li>
  );
}
