import { RULE_LIMITS, type RuleActionType } from '@papan/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { AutomationBoard } from '../model/board-names';
import type { ActionDraft } from '../model/rule-draft';
import { InlineInput, InlineSelect, InlineTextarea } from './builder-controls';

const ACTION_TYPES = [
  'moveToList',
  'addLabel',
  'removeLabel',
  'addMember',
  'removeMember',
  'setDue',
  'completeDue',
  'addChecklist',
  'comment',
  'archive',
  'createCard',
] as const satisfies readonly RuleActionType[];

interface ActionFieldsProps {
  action: ActionDraft;
  /** Its place among the actions, from 0; its fields' paths are `actions.{index}.…`. */
  index: number;
  board: AutomationBoard;
  onChange: (patch: Partial<ActionDraft>) => void;
  issue: (path: string) => string | null;
}

/** "[move it to ▾] [Done ▾] [at the bottom ▾]": one action and its parameters. */
export function ActionFields({ action, index, board, onChange, issue }: ActionFieldsProps) {
  const { t } = useTranslation();
  const at = (field: string) => issue(`actions.${index}.${field}`);
  const lists = [
    { value: '', label: t('automation.builder.chooseList') },
    ...board.lists.map((list) => ({ value: list._id, label: list.title })),
  ];
  const labels = [
    { value: '', label: t('automation.builder.chooseLabel') },
    ...board.labels.map((label) => ({ value: label._id, label: label.name || label.color })),
  ];
  const people = [
    { value: 'actor', label: t('automation.builder.actor') },
    ...board.members.map((member) => ({ value: member._id, label: member.name })),
  ];
  const listSelect = (
    <InlineSelect
      label={t('automation.builder.list')}
      hideLabel
      value={action.listId}
      onChange={(e) => onChange({ listId: e.target.value })}
      error={at('listId')}
      options={lists}
    />
  );

  return (
    <>
      <InlineSelect
        label={t('automation.builder.actionType', { n: index + 1 })}
        hideLabel
        value={action.type}
        onChange={(e) => onChange({ type: e.target.value as RuleActionType })}
        error={at('type')}
        options={ACTION_TYPES.map((type) => ({
          value: type,
          label: t(`automation.builder.actions.${type}`),
        }))}
      />
      {action.type === 'moveToList' && (
        <>
          {listSelect}
          <InlineSelect
            label={t('automation.builder.position')}
            hideLabel
            value={action.position}
            onChange={(e) => onChange({ position: e.target.value as ActionDraft['position'] })}
            options={[
              { value: 'bottom', label: t('automation.builder.bottom') },
              { value: 'top', label: t('automation.builder.top') },
            ]}
          />
        </>
      )}
      {(action.type === 'addLabel' || action.type === 'removeLabel') && (
        <InlineSelect
          label={t('automation.builder.label')}
          hideLabel
          value={action.labelId}
          onChange={(e) => onChange({ labelId: e.target.value })}
          error={at('labelId')}
          options={labels}
        />
      )}
      {(action.type === 'addMember' || action.type === 'removeMember') && (
        <InlineSelect
          label={t('automation.builder.person')}
          hideLabel
          value={action.userId}
          onChange={(e) => onChange({ userId: e.target.value })}
          error={at('userId')}
          options={people}
        />
      )}
      {action.type === 'setDue' && (
        <>
          <InlineInput
            label={t('automation.builder.inDays')}
            type="number"
            min={0}
            max={RULE_LIMITS.inDaysMax}
            step={1}
            inputClassName="w-24"
            value={action.inDays}
            onChange={(e) => onChange({ inDays: e.target.value })}
            error={at('inDays')}
          />
          <InlineInput
            label={t('automation.builder.at')}
            hint={action.tz}
            type="time"
            inputClassName="w-32"
            value={action.at}
            onChange={(e) => onChange({ at: e.target.value })}
            error={at('at')}
          />
        </>
      )}
      {action.type === 'addChecklist' && (
        <ChecklistFields
          action={action}
          onChange={onChange}
          titleError={at('title')}
          itemsError={at('items')}
        />
      )}
      {action.type === 'comment' && (
        <InlineTextarea
          className="w-full"
          label={t('automation.builder.commentText')}
          hint={t('automation.builder.commentHint')}
          value={action.text}
          onChange={(e) => onChange({ text: e.target.value })}
          error={at('text')}
        />
      )}
      {action.type === 'createCard' && (
        <CreateCardFields action={action} board={board} listSelect={listSelect} onChange={onChange} at={at} />
      )}
    </>
  );
}

function ChecklistFields({
  action,
  onChange,
  titleError,
  itemsError,
  optional = false,
}: {
  action: ActionDraft;
  onChange: (patch: Partial<ActionDraft>) => void;
  titleError: string | null;
  itemsError: string | null;
  /** A new card's checklist, which it may go without. */
  optional?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <div className="flex w-full flex-wrap items-start gap-2">
      <InlineInput
        label={optional ? t('automation.builder.cardChecklistTitle') : t('automation.builder.checklistTitle')}
        value={action.checklistTitle}
        onChange={(e) => onChange({ checklistTitle: e.target.value })}
        error={titleError}
      />
      <InlineTextarea
        className="min-w-[14rem] flex-1"
        label={t('automation.builder.checklistItems')}
        value={action.checklistItems}
        onChange={(e) => onChange({ checklistItems: e.target.value })}
        error={itemsError}
      />
    </div>
  );
}

/** A recurring card: where, its title, and optionally a description, labels, a checklist, a due date. */
function CreateCardFields({
  action,
  board,
  listSelect,
  onChange,
  at,
}: {
  action: ActionDraft;
  board: AutomationBoard;
  listSelect: ReactNode;
  onChange: (patch: Partial<ActionDraft>) => void;
  at: (field: string) => string | null;
}) {
  const { t } = useTranslation();
  const toggleLabel = (id: string, on: boolean) =>
    onChange({
      labelIds: on ? [...action.labelIds, id] : action.labelIds.filter((labelId) => labelId !== id),
    });
  return (
    <>
      {listSelect}
      <div className="flex w-full flex-col gap-2">
        <div className="flex flex-wrap items-start gap-2">
          <InlineInput
            className="min-w-[14rem] flex-1"
            label={t('automation.builder.cardTitle')}
            value={action.title}
            onChange={(e) => onChange({ title: e.target.value })}
            error={at('title')}
          />
          <InlineInput
            label={t('automation.builder.cardDueInDays')}
            type="number"
            min={0}
            max={RULE_LIMITS.inDaysMax}
            step={1}
            inputClassName="w-24"
            value={action.dueInDays}
            onChange={(e) => onChange({ dueInDays: e.target.value })}
            error={at('dueInDays')}
          />
        </div>
        <InlineTextarea
          label={t('automation.builder.cardDescription')}
          value={action.description}
          onChange={(e) => onChange({ description: e.target.value })}
          error={at('description')}
        />
        {board.labels.length > 0 && (
          <fieldset className="flex flex-wrap gap-x-4 gap-y-1">
            <legend className="mb-1 text-xs font-medium text-slate-600 dark:text-slate-300">
              {t('automation.builder.cardLabels')}
            </legend>
            {board.labels.map((label) => (
              <label key={label._id} className="flex items-center gap-1.5 text-sm">
                <input
                  type="checkbox"
                  checked={action.labelIds.includes(label._id)}
                  onChange={(e) => toggleLabel(label._id, e.target.checked)}
                />
                {label.name || label.color}
              </label>
            ))}
          </fieldset>
        )}
        <ChecklistFields
          action={action}
          onChange={onChange}
          titleError={at('checklist.title')}
          itemsError={at('checklist.items')}
          optional
        />
      </div>
    </>
  );
}
