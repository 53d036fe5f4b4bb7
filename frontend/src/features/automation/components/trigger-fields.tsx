import { nextScheduledRun, RULE_LIMITS, RULE_TRIGGER_TYPES, type RuleTriggerType } from '@papan/shared';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/dates';
import type { AutomationBoard } from '../model/board-names';
import type { TriggerDraft } from '../model/rule-draft';
import { InlineInput, InlineSelect } from './builder-controls';

/** The words of each trigger in the builder's select (automation.builder.triggers.*). */
export const TRIGGER_WORDS = {
  'card.enteredList': 'enteredList',
  'card.created': 'created',
  'card.labelAdded': 'labelAdded',
  'checklist.completed': 'checklistCompleted',
  'card.dueSoon': 'dueSoon',
  'card.overdue': 'overdue',
  schedule: 'schedule',
} as const satisfies Record<RuleTriggerType, string>;

interface TriggerFieldsProps {
  trigger: TriggerDraft;
  board: AutomationBoard;
  onChange: (patch: Partial<TriggerDraft>) => void;
  /** The message at a field, by its path (`trigger.listId`). */
  issue: (path: string) => string | null;
}

/** "When [a card enters ▾] [Done ▾]": the trigger and its parameter. */
export function TriggerFields({ trigger, board, onChange, issue }: TriggerFieldsProps) {
  const { t } = useTranslation();
  const listOptions = board.lists.map((list) => ({ value: list._id, label: list.title }));
  return (
    <>
      <InlineSelect
        label={t('automation.builder.trigger')}
        hideLabel
        value={trigger.type}
        onChange={(e) => onChange({ type: e.target.value as RuleTriggerType })}
        error={issue('trigger.type')}
        options={RULE_TRIGGER_TYPES.map((type) => ({
          value: type,
          label: t(`automation.builder.triggers.${TRIGGER_WORDS[type]}`),
        }))}
      />
      {(trigger.type === 'card.enteredList' || trigger.type === 'card.created') && (
        <InlineSelect
          label={t('automation.builder.list')}
          hideLabel
          value={trigger.listId}
          onChange={(e) => onChange({ listId: e.target.value })}
          error={issue('trigger.listId')}
          options={[
            trigger.type === 'card.created'
              ? { value: '', label: t('automation.builder.anyList') }
              : { value: '', label: t('automation.builder.chooseList') },
            ...listOptions,
          ]}
        />
      )}
      {trigger.type === 'card.labelAdded' && (
        <InlineSelect
          label={t('automation.builder.label')}
          hideLabel
          value={trigger.labelId}
          onChange={(e) => onChange({ labelId: e.target.value })}
          error={issue('trigger.labelId')}
          options={[
            { value: '', label: t('automation.builder.chooseLabel') },
            ...board.labels.map((label) => ({ value: label._id, label: label.name || label.color })),
          ]}
        />
      )}
      {trigger.type === 'card.dueSoon' && (
        <InlineInput
          label={t('automation.builder.hours')}
          type="number"
          min={1}
          max={RULE_LIMITS.dueSoonHoursMax}
          step={1}
          inputClassName="w-24"
          value={trigger.hours}
          onChange={(e) => onChange({ hours: e.target.value })}
          error={issue('trigger.hours')}
        />
      )}
      {trigger.type === 'schedule' && <ScheduleFields trigger={trigger} onChange={onChange} issue={issue} />}
    </>
  );
}

/** A five-field cron in a time zone (the browser's by default), and when it next comes round. */
function ScheduleFields({ trigger, onChange, issue }: Omit<TriggerFieldsProps, 'board'>) {
  const { t, i18n } = useTranslation();
  const zones = useMemo(() => timeZones(trigger.tz), [trigger.tz]);
  const next = useMemo(() => {
    try {
      return nextScheduledRun(trigger.cron.trim(), trigger.tz, new Date());
    } catch {
      return undefined;
    }
  }, [trigger.cron, trigger.tz]);
  return (
    <div className="flex w-full flex-col gap-2">
      <div className="flex flex-wrap items-start gap-2">
        <InlineInput
          className="max-w-xs"
          label={t('automation.builder.cron')}
          hint={t('automation.builder.cronHint')}
          value={trigger.cron}
          spellCheck={false}
          inputClassName="w-40 font-mono"
          onChange={(e) => onChange({ cron: e.target.value })}
          error={issue('trigger.cron')}
        />
        <InlineSelect
          label={t('automation.builder.timeZone')}
          value={trigger.tz}
          onChange={(e) => onChange({ tz: e.target.value })}
          error={issue('trigger.tz')}
          options={zones.map((zone) => ({ value: zone, label: zone }))}
        />
      </div>
      {next !== undefined && (
        <p className="text-xs text-slate-600 dark:text-slate-300" aria-live="polite">
          {next
            ? t('automation.builder.nextRun', { time: formatDateTime(next, i18n.resolvedLanguage) })
            : t('automation.builder.noNextRun')}
        </p>
      )}
    </div>
  );
}

/** The zones this browser knows, with the chosen one among them (e.g. UTC, which some leave out). */
function timeZones(chosen: string): string[] {
  const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return known.includes(chosen) ? known : [chosen, ...known];
}
