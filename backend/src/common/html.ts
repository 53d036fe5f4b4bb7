import escapeHtml from 'escape-html';
import {
  ACTIVITY_TEMPLATES,
  fillTemplate,
  NOTIFICATION_TEMPLATES,
  type ActivityParams,
  type ActivityTemplate,
  type NotificationParams,
  type NotificationTemplate,
} from '@papan/shared';

/** A tagged template for activity HTML: every interpolated value is escaped, the markup is not. */
export function html(strings: TemplateStringsArray, ...values: unknown[]): string {
  return strings.reduce(
    (out, s, i) => out + s + (i < values.length ? escapeHtml(String(values[i])) : ''),
    '',
  );
}

/** What an activity says: its template id and values, and the English HTML of it (values escaped, bold). */
export interface ActivityText {
  template: ActivityTemplate;
  params: Record<string, string>;
  description: string;
}

export function activityText<K extends ActivityTemplate>(
  template: K,
  params: ActivityParams<K>,
): ActivityText {
  const values = params as Record<string, string>;
  const description = fillTemplate(
    ACTIVITY_TEMPLATES[template],
    values,
    (v) => `<strong>${escapeHtml(v)}</strong>`,
  );
  return { template, params: values, description };
}

/** What a notification says: its template id and values, and the English plain text of it. */
export interface NotificationText {
  template: NotificationTemplate;
  params: Record<string, string>;
  text: string;
}

export function notificationText<K extends NotificationTemplate>(
  template: K,
  params: NotificationParams<K>,
): NotificationText {
  const values = params as Record<string, string>;
  return { template, params: values, text: fillTemplate(NOTIFICATION_TEMPLATES[template], values) };
}
