import type {
  CreatedWebhook,
  CreateWebhookInput,
  UpdateWebhookInput,
  Webhook,
  WebhookDelivery,
  WebhookDeliveryList,
  WebhookList,
} from '@papan/shared';
import { api, apiRequest } from '../../../lib/api-client';

/** The owner's webhook calls (docs/api.md, "Webhooks"), under /api/boards/{id}/webhooks. */
const base = (boardId: string) => `/api/boards/${boardId}/webhooks`;

export const webhooksKey = (boardId: string) => ['board', boardId, 'webhooks'] as const;
export const deliveriesKey = (boardId: string, id: string) =>
  [...webhooksKey(boardId), id, 'deliveries'] as const;

/** GET …/webhooks: never the secrets. */
export function getWebhooks(boardId: string, signal?: AbortSignal): Promise<WebhookList> {
  return api.get<WebhookList>(base(boardId), { signal });
}

/** POST …/webhooks: the answer carries the secret, shown this once. */
export function createWebhook(boardId: string, input: CreateWebhookInput): Promise<CreatedWebhook> {
  return api.post<CreatedWebhook>(base(boardId), input);
}

/** PATCH …/webhooks/{hid}. */
export function updateWebhook(boardId: string, id: string, patch: UpdateWebhookInput): Promise<Webhook> {
  return apiRequest<Webhook>(`${base(boardId)}/${id}`, { method: 'PATCH', body: patch });
}

/** DELETE …/webhooks/{hid}. */
export function deleteWebhook(boardId: string, id: string): Promise<unknown> {
  return api.delete(`${base(boardId)}/${id}`);
}

/** POST …/webhooks/{hid}/test: one signed webhook.test now; answers the attempt. */
export function testWebhook(boardId: string, id: string): Promise<WebhookDelivery> {
  return api.post<WebhookDelivery>(`${base(boardId)}/${id}/test`);
}

/** GET …/webhooks/{hid}/deliveries: the last 100 attempts, newest first. */
export function getWebhookDeliveries(
  boardId: string,
  id: string,
  signal?: AbortSignal,
): Promise<WebhookDeliveryList> {
  return api.get<WebhookDeliveryList>(`${base(boardId)}/${id}/deliveries`, { signal });
}
