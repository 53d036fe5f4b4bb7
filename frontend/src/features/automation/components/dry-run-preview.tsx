import type { RuleDryRun } from '@papan/shared';
import { Trans, useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/dates';
import type { BoardNames } from '../model/board-names';
import { ActionsPhrase } from './rule-sentence';

/** The runs a preview lists; the rest are counted. */
const SHOWN_RUNS = 10;

/**
 * What the rule would have done over the last 7 days of the board's log ("Would have run 3 times:
 * On **Fix login**: archive it"), or that it would not have run.
 */
export function DryRunPreview({ result, names }: { result: RuleDryRun; names: BoardNames }) {
  const { t, i18n } = useTranslation();
  const { runs } = result;
  const bold = { b: <strong className="font-semibold text-slate-900 dark:text-white" /> };
  return (
    <section
      aria-label={t('automation.preview.title')}
      className="rounded-xl border border-indigo-200 bg-indigo-50/60 p-3 text-sm text-slate-700 dark:border-indigo-500/30 dark:bg-indigo-500/10 dark:text-slate-200"
    >
      <p className="font-medium" role="status">
        {runs.length === 0
          ? t('automation.preview.none')
          : runs.length === 1
            ? t('automation.preview.ranOnce')
            : t('automation.preview.ranTimes', { count: runs.length })}
      </p>
      {runs.length > 0 && (
        <ul className="mt-2 flex list-disc flex-col gap-1 pl-5">
          {runs.slice(0, SHOWN_RUNS).map((run, index) => (
            <li key={`${run.eventVersion ?? run.scheduledFor ?? ''} ${index}`}>
              {run.cardId ? (
                <Trans
                  i18nKey="automation.preview.onCard"
                  values={{ card: names.card(run.cardId) ?? t('automation.preview.goneCard') }}
                  components={bold}
                />
              ) : (
                <Trans
                  i18nKey="automation.preview.at"
                  values={{ time: formatDateTime(run.scheduledFor ?? null, i18n.resolvedLanguage) }}
                  components={bold}
                />
              )}{' '}
              <ActionsPhrase actions={run.actions} names={names} />
            </li>
          ))}
        </ul>
      )}
      {runs.length > SHOWN_RUNS && (
        <p className="mt-1 text-xs text-slate-500 dark:text-slate-400">
          {runs.length - SHOWN_RUNS === 1
            ? t('automation.preview.moreOne', { count: 1 })
            : t('automation.preview.more', { count: runs.length - SHOWN_RUNS })}
        </p>
      )}
    </section>
  );
}
