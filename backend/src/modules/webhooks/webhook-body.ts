import type { BoardEvent, WebhookBody, WebhookTestEvent } from '@papan/shared';

/**
 * The one place a webhook body is written (docs/realtime.md, "Webhooks"): the board event (checked
 * against the shared schema when it was read from the log) or the test event, plus `id`, which is
 * also the `webhook-id` header, as JSON.
 */
export function webhookBody(id: string, event: BoardEvent | WebhookTestEvent): string {
  const body: WebhookBody = { id, ...event };
  return JSON.stringify(body);
}
