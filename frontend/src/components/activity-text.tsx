import type { Activity } from '@papan/shared';
import { Trans, useTranslation } from 'react-i18next';
import { formatDueDate } from '../lib/dates';

/**
 * What an activity says, after the actor's name, in the reader's language: from its template id
 * and values when it has them, else the English `description` the server stored.
 */
export function ActivityText({
  activity,
}: {
  activity: Pick<Activity, 'description' | 'template' | 'params'>;
}) {
  const { i18n } = useTranslation();
  const { template, params } = activity;
  const key = template && (`activity.templates.${template}` as const);
  if (key && params && i18n.exists(key)) {
    // Trans escapes the values before it reads <b>…</b> tags, so user text only ever renders as text.
    return (
      <span>
        <Trans i18nKey={key} values={readable(params, i18n.language)} components={{ b: <strong /> }} />
      </span>
    );
  }
  return (
    // Safe: the server builds `description` only from escaped user text (escape-html in its `html`
    // template tag; docs/decisions.md, "Activity text is HTML built from escaped parts"), so it
    // holds no markup a user wrote. No other field is ever rendered as HTML.
    <span dangerouslySetInnerHTML={{ __html: activity.description }} />
  );
}

/** Values the server stores as data, shown as the reader reads them: a due date in their language. */
function readable(params: Record<string, string>, language: string): Record<string, string> {
  return params.due ? { ...params, due: formatDueDate(params.due, language) } : params;
}
