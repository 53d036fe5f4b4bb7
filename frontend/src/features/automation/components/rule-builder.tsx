import { LIMITS, RULE_LIMITS, type Rule, type RuleDryRun } from '@papan/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Plus, X } from 'lucide-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { ApiError } from '../../../lib/api-client';
import { browserTimeZone } from '../../../lib/dates';
import { createRule } from '../api/create-rule';
import { dryRunRule } from '../api/dry-run-rule';
import { updateRule } from '../api/update-rule';
import { putRule } from '../hooks/use-rules';
import type { AutomationBoard, BoardNames } from '../model/board-names';
import {
  draftOf,
  emptyAction,
  emptyDraft,
  toRuleInput,
  type ActionDraft,
  type RuleDraft,
} from '../model/rule-draft';
import { fieldPaths, isShownAt, ruleIssues, serverIssue, type RuleIssues } from '../model/rule-issues';
import { ActionFields } from './action-fields';
import { DryRunPreview } from './dry-run-preview';
import { RuleSentence } from './rule-sentence';
import { TriggerFields } from './trigger-fields';
import { useIssueText } from './use-issue-text';

interface RuleBuilderProps {
  board: AutomationBoard;
  names: BoardNames;
  /** The rule to edit, or null for a new one. */
  rule: Rule | null;
  /** Saved or cancelled: back to the list. */
  onDone: () => void;
}

/**
 * "When [trigger ▾] [its parameter], [action ▾] [its parameters] [+ And then…]", checked with the
 * shared schemas before it is sent; Preview asks the server what it would have done in the last
 * 7 days, writing nothing; Save creates or changes the rule (docs/product.md, "Automation panel").
 */
export function RuleBuilder({ board, names, rule, onDone }: RuleBuilderProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<RuleDraft>(() =>
    rule ? draftOf(rule, browserTimeZone()) : emptyDraft(browserTimeZone()),
  );
  // Which check the form last failed (its messages then follow every edit), and the server's refusal.
  const [checked, setChecked] = useState<'save' | 'preview' | null>(null);
  const [refusal, setRefusal] = useState<RuleIssues>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [preview, setPreview] = useState<RuleDryRun | null>(null);
  const [busy, setBusy] = useState<'preview' | 'save' | null>(null);
  const [attempt, setAttempt] = useState(0);
  const form = useRef<HTMLFormElement>(null);
  const issues = { ...(checked ? ruleIssues(draft, checked) : {}), ...refusal };
  const issue = useIssueText(issues);

  // After a refused attempt, the first field with a message has the focus.
  useEffect(() => {
    if (attempt) form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [attempt]);

  function change(next: RuleDraft) {
    setDraft(next);
    setPreview(null);
    setRefusal({});
    setProblem(null);
  }
  const changeAction = (index: number, patch: Partial<ActionDraft>) =>
    change({ ...draft, actions: draft.actions.map((a, i) => (i === index ? { ...a, ...patch } : a)) });
  const changeTrigger = (patch: Partial<RuleDraft['trigger']>) => {
    const actions = [...draft.actions];
    // A schedule has no card to act on: its first action makes one.
    if (patch.type === 'schedule' && actions[0] && actions[0].type !== 'createCard')
      actions[0] = { ...actions[0], type: 'createCard' };
    change({ ...draft, trigger: { ...draft.trigger, ...patch }, actions });
  };

  /** Whether the form passes `purpose`'s check; if not, its messages show and the first gets the focus. */
  function passes(purpose: 'save' | 'preview'): boolean {
    setChecked(purpose);
    if (!Object.keys(ruleIssues(draft, purpose)).length) return true;
    setAttempt((n) => n + 1);
    return false;
  }

  function refused(error: unknown, fallback: string) {
    const found = error instanceof ApiError && error.status === 400 ? serverIssue(error) : null;
    if (found && isShownAt(fieldPaths(draft), found.path)) {
      setRefusal({ [found.path]: found.issue });
      setAttempt((n) => n + 1);
    } else setProblem(found ? `${fallback} ${found.path}: ${found.issue.text}` : fallback);
  }

  async function runPreview() {
    setProblem(null);
    if (!passes('preview')) return;
    setBusy('preview');
    try {
      const { trigger, actions } = toRuleInput(draft);
      setPreview(await dryRunRule(board._id, { trigger, actions }));
    } catch (error) {
      console.error('Failed to preview the rule', error);
      refused(error, t('automation.builder.previewFailed'));
    } finally {
      setBusy(null);
    }
  }

  async function save(event: FormEvent) {
    event.preventDefault();
    setProblem(null);
    if (!passes('save')) return;
    setBusy('save');
    try {
      const input = toRuleInput(draft);
      const saved = rule
        ? // Saving a rule the server turned off (its list or label was deleted) turns it back on.
          await updateRule(rule._id, rule.disabledReason ? { ...input, enabled: true } : input)
        : await createRule(board._id, input);
      putRule(queryClient, saved);
      toast.success(t('automation.builder.saved'));
      onDone();
    } catch (error) {
      console.error('Failed to save the rule', error);
      refused(error, t('automation.builder.saveFailed'));
      setBusy(null);
    }
  }

  const title = rule ? t('automation.builder.editTitle') : t('automation.builder.newTitle');
  const { trigger, actions } = toRuleInput(draft);
  // A list or label not chosen yet reads as "…" in the sentence, not as a deleted one.
  const draftNames: BoardNames = {
    ...names,
    list: (id) => (id ? names.list(id) : '…'),
    label: (id) => (id ? names.label(id) : '…'),
  };
  return (
    <form
      ref={form}
      onSubmit={(e) => void save(e)}
      noValidate
      aria-label={title}
      className="flex flex-col gap-4"
    >
      <h3 className="text-base font-semibold">{title}</h3>
      {problem && <Alert tone="error">{problem}</Alert>}
      <TextField
        label={t('automation.builder.name')}
        placeholder={t('automation.builder.namePlaceholder')}
        value={draft.name}
        maxLength={LIMITS.title}
        onChange={(e) => change({ ...draft, name: e.target.value })}
        error={issue('name')}
      />
      <fieldset className="flex flex-wrap items-start gap-2 rounded-xl border border-slate-200 p-3 dark:border-slate-700">
        <legend className="sr-only">{t('automation.builder.trigger')}</legend>
        <span className="text-sm leading-9 font-semibold">{t('automation.builder.when')}</span>
        <TriggerFields trigger={draft.trigger} board={board} onChange={changeTrigger} issue={issue} />
      </fieldset>
      <ol className="flex flex-col gap-2">
        {draft.actions.map((action, index) => (
          <li
            key={action.key}
            className="flex flex-wrap items-start gap-2 rounded-xl border border-slate-200 p-3 dark:border-slate-700"
          >
            {index > 0 && (
              <span className="text-sm leading-9 font-semibold">{t('automation.builder.then')}</span>
            )}
            <ActionFields
              action={action}
              index={index}
              board={board}
              issue={issue}
              onChange={(patch) => changeAction(index, patch)}
            />
            {draft.actions.length > 1 && (
              <button
                type="button"
                onClick={() => change({ ...draft, actions: draft.actions.filter((_, i) => i !== index) })}
                aria-label={t('automation.builder.removeAction', { n: index + 1 })}
                className="ml-auto inline-flex size-9 items-center justify-center rounded-lg text-slate-500 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:text-slate-400 dark:hover:bg-slate-800 dark:hover:text-white"
              >
                <X aria-hidden="true" className="size-4" />
              </button>
            )}
          </li>
        ))}
      </ol>
      {draft.actions.length < RULE_LIMITS.actionsPerRule && (
        <Button
          variant="ghost"
          size="sm"
          className="self-start"
          onClick={() => change({ ...draft, actions: [...draft.actions, emptyAction()] })}
        >
          <Plus aria-hidden="true" className="size-4" />
          {t('automation.builder.addAction')}
        </Button>
      )}
      <p className="rounded-lg bg-slate-100 px-3 py-2 text-sm text-slate-700 dark:bg-slate-800 dark:text-slate-200">
        <span className="sr-only">{t('automation.builder.sentence')}: </span>
        <RuleSentence trigger={trigger} actions={actions} names={draftNames} />.
      </p>
      {preview ? (
        <DryRunPreview result={preview} names={names} />
      ) : (
        <p className="text-xs text-slate-500 dark:text-slate-400">{t('automation.builder.previewFirst')}</p>
      )}
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="ghost" onClick={onDone}>
          {t('common.cancel')}
        </Button>
        <Button
          variant="secondary"
          onClick={() => void runPreview()}
          loading={busy === 'preview'}
          disabled={!!busy}
        >
          {t('automation.builder.preview')}
        </Button>
        <Button type="submit" loading={busy === 'save'} disabled={!!busy}>
          {t('automation.builder.save')}
        </Button>
      </div>
    </form>
  );
}
