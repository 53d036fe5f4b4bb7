import { z } from 'zod';
import { BOARD_EVENT_TYPES, type BoardEvent } from '../events/socket-events';

/** What one webhook may hold, and how much of its log is kept (docs/api.md, "Webhooks"). */
export const WEBHOOK_LIMITS = {
  url: 2000,
  /** Webhooks on one board; one more is a 400. */
  perBoard: 10,
  /** Attempts `GET …/webhooks/{hid}/deliveries` answers (and the log keeps), newest first. */
  deliveries: 100,
  /** Failed attempts in a row that turn a webhook off. */
  failuresToDisable: 20,
} as const;

/** `whsec_` + base64 of the 32 random bytes that sign (Standard Webhooks). */
export const WEBHOOK_SECRET_PREFIX = 'whsec_';

/** The `type` of the body `POST …/webhooks/{hid}/test` sends. */
export const WEBHOOK_TEST_EVENT = 'webhook.test';

function isHttpUrl(value: string): boolean {
  if (!URL.canParse(value)) return false;
  const url = new URL(value);
  return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
}

function hasCredentials(value: string): boolean {
  const url = URL.canParse(value) ? new URL(value) : null;
  return Boolean(url && (url.username || url.password));
}

const webhookUrl = z
  .string('must be an http:// or https:// address')
  .trim()
  .min(1, 'must not be empty')
  .max(WEBHOOK_LIMITS.url, `must be at most ${WEBHOOK_LIMITS.url} characters`)
  .refine(isHttpUrl, 'must be an http:// or https:// address')
  .refine((s) => !hasCredentials(s), 'must not contain a user name or password');

/** Event types to send; empty means every type. */
const webhookEvents = z
  .array(
    z.enum(BOARD_EVENT_TYPES, 'must be a board event type (see docs/realtime.md)'),
    'must be a list of event types',
  )
  .max(BOARD_EVENT_TYPES.length, `must have at most ${BOARD_EVENT_TYPES.length} entries`)
  .transform((types) => [...new Set(types)]);

/** `POST /api/boards/{id}/webhooks`. */
export const createWebhookSchema = z.object({
  url: webhookUrl,
  events: webhookEvents.nullish().transform((types) => types ?? []),
});
export type CreateWebhookInput = z.input<typeof createWebhookSchema>;
export type CreateWebhook = z.infer<typeof createWebhookSchema>;

/** `PATCH /api/boards/{id}/webhooks/{hid}`: at least one field. */
export const updateWebhookSchema = z
  .object({
    url: webhookUrl.optional(),
    events: webhookEvents.optional(),
    active: z.boolean('must be true or false').optional(),
  })
  .refine((b) => b.url !== undefined || b.events !== undefined || b.active !== undefined, {
    message: 'must name url, events or active',
  });
export type UpdateWebhookInput = z.input<typeof updateWebhookSchema>;
export type UpdateWebhook = z.infer<typeof updateWebhookSchema>;

/** A webhook as its board's owner lists it: never the secret. */
export const webhookSchema = z.object({
  _id: z.string(),
  url: z.string(),
  /** Empty: every event type. */
  events: z.array(z.enum(BOARD_EVENT_TYPES)),
  active: z.boolean(),
  /** Failed attempts in a row; at WEBHOOK_LIMITS.failuresToDisable the webhook turns itself off. */
  failures: z.number(),
  createdAt: z.string(),
});
export type Webhook = z.infer<typeof webhookSchema>;

/** The answer of `POST …/webhooks`: the only time the secret is shown. */
export const createdWebhookSchema = webhookSchema.extend({ secret: z.string() });
export type CreatedWebhook = z.infer<typeof createdWebhookSchema>;

export const webhookListSchema = z.object({ webhooks: z.array(webhookSchema) });
export type WebhookList = z.infer<typeof webhookListSchema>;

/** One attempt to deliver one body (`eventId` is the body's `id` and the `webhook-id` header). */
export const webhookDeliverySchema = z.object({
  _id: z.string(),
  eventId: z.string(),
  type: z.string(),
  /** 1 for the first try; a retry of the same body counts up. */
  attempt: z.number(),
  /** The receiver's status, or null when none came (refused address, timeout, connection error). */
  statusCode: z.number().nullable(),
  error: z.string().nullable(),
  durationMs: z.number(),
  createdAt: z.string(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

export const webhookDeliveryListSchema = z.object({ deliveries: z.array(webhookDeliverySchema) });
export type WebhookDeliveryList = z.infer<typeof webhookDeliveryListSchema>;

/** What `POST …/webhooks/{hid}/test` sends in place of a board event: the board as it is now. */
export interface WebhookTestEvent {
  type: typeof WEBHOOK_TEST_EVENT;
  boardId: string;
  version: number;
  actorId: string;
  occurredAt: string;
  payload: { webhookId: string };
}

/**
 * What a receiver gets (docs/realtime.md, "Webhooks"): the board event, or the test event, plus
 * `id`, equal to the `webhook-id` header.
 */
export type WebhookBody = (BoardEvent | WebhookTestEvent) & { id: string };
