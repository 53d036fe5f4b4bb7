import { LIST_STAGES, type Insights, type ListStage } from '@papan/shared';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Panel } from '../../../components/ui/panel';
import { SelectField } from '../../../components/ui/select-field';
import { setListStage } from '../api/insights-api';

interface StageSettingsProps {
  insights: Insights;
  /** After a stage is saved: read the figures again. */
  onSaved: () => void;
}

/** What the reader chose, until the figures read after it arrive. */
interface Choice {
  against: Insights;
  listId: string;
  stage: ListStage | null;
  saving: boolean;
}

/**
 * Which lists are backlog, active and done (docs/insights.md, "Stages"): a select per list, sent
 * as PUT /api/lists/{id} {stage}. While no list has a stage of its own the default rule applies,
 * and each select says which stage that rule gives its list.
 */
export function StageSettings({ insights, onSaved }: StageSettingsProps) {
  const { t } = useTranslation();
  const hintId = useId();
  const [choice, setChoice] = useState<Choice | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  // A choice holds only until newer figures arrive: they carry the stage the server has.
  const current = choice?.against === insights ? choice : null;
  const options = [
    ...LIST_STAGES.map((stage) => ({ value: stage, label: t(`insights.stages.${stage}`) })),
    { value: '', label: t('insights.stages.none') },
  ];

  async function change(listId: string, title: string, revision: number, value: string) {
    const stage = LIST_STAGES.find((s) => s === value) ?? null;
    setChoice({ against: insights, listId, stage, saving: true });
    setFailed(null);
    try {
      await setListStage(listId, stage, revision);
      setChoice((c) => (c?.listId === listId ? { ...c, saving: false } : c));
      onSaved();
    } catch {
      setChoice(null);
      setFailed(title);
    }
  }

  return (
    <Panel title={t('insights.stages.title')} description={t('insights.stages.description')}>
      {insights.defaultStages && (
        <p className="mb-4 rounded-lg bg-indigo-50 px-3 py-2 text-sm text-indigo-900 dark:bg-indigo-950/50 dark:text-indigo-100">
          {t('insights.stages.defaultInUse')}
        </p>
      )}
      {failed && (
        <div className="mb-4">
          <Alert tone="error">{t('insights.stages.saveError', { title: failed })}</Alert>
        </div>
      )}
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {insights.lists.map((list, index) => {
          const hint = insights.defaultStages && list.stage ? `${hintId}-${index}` : undefined;
          const own = insights.defaultStages ? null : list.stage;
          const value = current?.listId === list._id ? current.stage : own;
          return (
            <li key={list._id} className="min-w-0">
              <SelectField
                label={list.title}
                aria-describedby={hint}
                options={options}
                value={value ?? ''}
                disabled={current?.listId === list._id && current.saving}
                onChange={(e) => void change(list._id, list.title, list.revision, e.target.value)}
              />
              {hint && list.stage && (
                <p id={hint} className="mt-1 text-xs text-slate-500 dark:text-slate-400">
                  {t('insights.stages.byDefault', { stage: t(`insights.stages.${list.stage}`) })}
                </p>
              )}
            </li>
          );
        })}
      </ul>
    </Panel>
  );
}
