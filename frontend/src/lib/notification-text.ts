import {
  NOTIFICATION_TEMPLATES,
  type Notification,
  type NotificationParams,
  type NotificationTemplate,
} from '@papan/shared';
import type { TFunction } from 'i18next';

/**
 * A notification's plain text in the reader's language; one without a template this client knows
 * (written before ids were kept) keeps the English `text` the server stored.
 */
export function notificationText(
  notification: Pick<Notification, 'text' | 'template' | 'params'>,
  t: TFunction,
): string {
  const { template, params } = notification;
  if (!template || !params || !Object.hasOwn(NOTIFICATION_TEMPLATES, template)) return notification.text;
  // The server stores exactly the values its template names (feed-templates.ts).
  return t(`notifications.templates.${template}`, params as NotificationParams<NotificationTemplate>);
}
