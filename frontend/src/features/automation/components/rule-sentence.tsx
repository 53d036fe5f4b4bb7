import type { RuleAction, RuleActionInput, RuleTrigger } from '@papan/shared';
import { Fragment } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import type { BoardNames } from '../model/board-names';

type Values = Record<string, string | number>;
const bold = { b: <strong className="font-semibold text-slate-900 dark:text-white" /> };

/** One phrase of a sentence, its values escaped and its <b> parts in bold. */
function Phrase({ i18nKey, values = {} }: { i18nKey: string; values?: Values }) {
  // The keys are built from the rule's types (automation.sentence.*), in both languages.
  return <Trans i18nKey={i18nKey as never} values={values} components={bold} />;
}

/**
 * A phrase with a number: `{key}One` for one, `{key}` otherwise; a number not typed yet (the
 * builder's empty field) reads as "…".
 */
function Counted({
  i18nKey,
  count,
  values = {},
}: {
  i18nKey: string;
  count: number | undefined;
  values?: Values;
}) {
  const known = count !== undefined && Number.isFinite(count);
  return (
    <Phrase
      i18nKey={count === 1 ? `${i18nKey}One` : i18nKey}
      values={{ ...values, count: known ? count : '…' }}
    />
  );
}

/** "When a card enters **Done**, **archive it**, then add the label **Urgent**" (docs/automation.md). */
export function RuleSentence({
  trigger,
  actions,
  names,
}: {
  trigger: RuleTrigger;
  actions: (RuleAction | RuleActionInput)[];
  names: BoardNames;
}) {
  return (
    <span>
      <TriggerPhrase trigger={trigger} names={names} />, <ActionsPhrase actions={actions} names={names} />
    </span>
  );
}

function TriggerPhrase({ trigger, names }: { trigger: RuleTrigger; names: BoardNames }) {
  const { t } = useTranslation();
  const key = 'automation.sentence.triggers';
  const list = (id: string) => names.list(id) ?? t('automation.sentence.deletedList');
  switch (trigger.type) {
    case 'card.enteredList':
      return <Phrase i18nKey={`${key}.enteredList`} values={{ list: list(trigger.listId) }} />;
    case 'card.created':
      return trigger.listId ? (
        <Phrase i18nKey={`${key}.createdIn`} values={{ list: list(trigger.listId) }} />
      ) : (
        <Phrase i18nKey={`${key}.created`} />
      );
    case 'card.labelAdded':
      return (
        <Phrase
          i18nKey={`${key}.labelAdded`}
          values={{ label: names.label(trigger.labelId) ?? t('automation.sentence.deletedLabel') }}
        />
      );
    case 'checklist.completed':
      return <Phrase i18nKey={`${key}.checklistCompleted`} />;
    case 'card.dueSoon':
      return <Counted i18nKey={`${key}.dueSoon`} count={trigger.hours} />;
    case 'card.overdue':
      return <Phrase i18nKey={`${key}.overdue`} />;
    case 'schedule':
      return <Phrase i18nKey={`${key}.schedule`} values={{ cron: trigger.cron, tz: trigger.tz }} />;
  }
}

/** The actions in order: "archive it, then add the label **Urgent**". */
export function ActionsPhrase({
  actions,
  names,
}: {
  actions: (RuleAction | RuleActionInput)[];
  names: BoardNames;
}) {
  const { t } = useTranslation();
  return actions.map((action, index) => (
    <Fragment key={index}>
      {index > 0 && t('automation.sentence.then')}
      <ActionPhrase action={action} names={names} />
    </Fragment>
  ));
}

function ActionPhrase({ action, names }: { action: RuleAction | RuleActionInput; names: BoardNames }) {
  const { t } = useTranslation();
  const key = 'automation.sentence.actions';
  const list = (id: string) => names.list(id) ?? t('automation.sentence.deletedList');
  const label = (id: string) => names.label(id) ?? t('automation.sentence.deletedLabel');
  const person = (id: string) =>
    id === 'actor'
      ? t('automation.sentence.actor')
      : (names.person(id) ?? t('automation.sentence.deletedPerson'));
  switch (action.type) {
    case 'moveToList':
      return (
        <Phrase
          i18nKey={`${key}.${action.position === 'top' ? 'moveToListTop' : 'moveToListBottom'}`}
          values={{ list: list(action.listId) }}
        />
      );
    case 'addLabel':
    case 'removeLabel':
      return <Phrase i18nKey={`${key}.${action.type}`} values={{ label: label(action.labelId) }} />;
    case 'addMember':
    case 'removeMember':
      return <Phrase i18nKey={`${key}.${action.type}`} values={{ person: person(action.userId) }} />;
    case 'setDue':
      return action.inDays === 0 ? (
        <Phrase i18nKey={`${key}.setDueToday`} values={{ at: action.at }} />
      ) : (
        <Counted i18nKey={`${key}.setDue`} count={action.inDays} values={{ at: action.at }} />
      );
    case 'addChecklist':
      return (
        <Phrase
          i18nKey={`${key}.addChecklist`}
          values={{ title: action.title, count: action.items.length }}
        />
      );
    case 'comment':
      return <Phrase i18nKey={`${key}.comment`} values={{ text: action.text }} />;
    case 'createCard':
      return (
        <Phrase i18nKey={`${key}.createCard`} values={{ title: action.title, list: list(action.listId) }} />
      );
    case 'completeDue':
    case 'archive':
      return <Phrase i18nKey={`${key}.${action.type}`} />;
  }
}
