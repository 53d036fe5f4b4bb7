import {
  accountUserSchema,
  adminApiTokenListSchema,
  adminBoardSchema,
  apiTokenListSchema,
  blockedUserSchema,
  createdApiTokenSchema,
  loginSessionSchema,
  twoFactorEnabledSchema,
  twoFactorSetupSchema,
  userGrowthDaySchema,
  createdWebhookSchema,
  webhookDeliveryListSchema,
  webhookDeliverySchema,
  webhookListSchema,
  webhookSchema,
} from '@papan/shared';
import { z } from 'zod';

/** What the document says of one route besides what Nest's metadata and its zod pipes already say. */
export interface Operation {
  tag: string;
  summary: string;
  /** The 2xx answer's shape, where @papan/shared declares it as a zod schema. */
  answer?: z.ZodType;
  /** Not JSON: `text/event-stream`, `text/html`, `text/javascript`, `text/plain`, a file type or a redirect. */
  produces?: string;
  /** Takes `If-Match: <revision>` and may answer 412 (docs/api.md, "Revisions"). */
  ifMatch?: true;
}

/** An update checked against the object's revision when it names one. */
const revised = { ifMatch: true } as const;

const op = (tag: string, summary: string, extra: Omit<Operation, 'tag' | 'summary'> = {}): Operation => ({
  tag,
  summary,
  ...extra,
});

/**
 * One entry per REST call, keyed as Nest names the route ('VERB /path/:param'). The request
 * schemas come from the routes' zod pipes; this only adds the words and the answers' schemas.
 * A route without an entry fails `test/ops/openapi.test.ts`.
 */
export const OPERATIONS: Record<string, Operation> = {
  'POST /api/auth/register': op('Auth', 'Create an account and sign in'),
  'POST /api/auth/login': op('Auth', 'Sign in with e-mail and password'),
  'GET /api/auth/me': op('Auth', 'The signed-in user', { answer: accountUserSchema }),
  'POST /api/auth/2fa': op('Auth', 'Finish a sign-in with its two-factor code or a recovery code'),
  'GET /api/auth/oidc': op('Auth', 'Start single sign-on (redirect to the OpenID provider)', {
    produces: 'redirect',
  }),
  'GET /api/auth/oidc/callback': op('Auth', "The OpenID provider's callback (redirect into the app)", {
    produces: 'redirect',
  }),
  'POST /api/auth/oidc/exchange': op('Auth', 'Exchange the single sign-on one-time code for a sign-in'),
  'GET /api/auth/providers': op('Auth', 'Which sign-in providers are configured'),
  'GET /api/auth/google': op('Auth', 'Start Google sign-in (redirect)', { produces: 'redirect' }),
  'GET /api/auth/google/callback': op('Auth', "Google's callback: the popup page with a one-time code", {
    produces: 'text/html',
  }),
  'GET /api/auth/google/popup.js': op('Auth', "The popup page's script", { produces: 'text/javascript' }),
  'POST /api/auth/google/exchange': op('Auth', 'Exchange the one-time sign-in code for a session'),
  'POST /api/auth/verify-email': op('Auth', 'Prove the address with the mailed link'),
  'POST /api/auth/resend-verification': op('Auth', 'Send a new verification link'),
  'POST /api/auth/forgot-password': op('Auth', 'Mail a password reset link (always 202)'),
  'POST /api/auth/reset-password': op('Auth', 'Set a new password with the mailed link; ends every session'),

  'GET /api/users/me': op('Account', 'The signed-in user', { answer: accountUserSchema }),
  'POST /api/account/2fa/setup': op('Account', 'Start two-factor setup: a new TOTP secret', {
    answer: twoFactorSetupSchema,
  }),
  'POST /api/account/2fa/enable': op('Account', 'Turn two-factor sign-in on with a first code', {
    answer: twoFactorEnabledSchema,
  }),
  'DELETE /api/account/2fa': op('Account', 'Turn two-factor sign-in off (password and a code)'),
  'PUT /api/users/profile': op('Account', 'Change name, picture and links (multipart)'),
  'PUT /api/users/change-password': op('Account', 'Change the password; other sessions end'),
  'DELETE /api/users/me': op('Account', 'Delete the account'),
  'POST /api/users/block': op('Account', 'Block a user'),
  'POST /api/users/unblock': op('Account', 'Unblock a user'),
  'GET /api/users/blocked': op('Account', 'The users the caller blocked', {
    answer: z.array(blockedUserSchema),
  }),
  'POST /api/auth/logout': op('Auth', 'Log out: end the session in use'),
  'GET /api/settings/public': op(
    'Auth',
    'What the sign-in and register pages offer (registration, announcement, SSO)',
  ),
  'GET /api/sessions': op('Account', 'The caller’s login sessions', { answer: z.array(loginSessionSchema) }),
  'DELETE /api/sessions/:id': op('Account', 'End a login session'),
  'POST /api/contact': op('Account', 'Send a message to the team'),

  'GET /api/boards': op('Boards', 'The boards the caller belongs to (pinned first)'),
  'POST /api/boards': op('Boards', 'Create a board'),
  'GET /api/boards/archived': op('Boards', 'The caller’s archived boards'),
  'GET /api/boards/:id': op('Boards', 'The whole board in one read (ETag/304; `?view=compact`)'),
  'PUT /api/boards/:id': op('Boards', 'Change title, description, link joining or template (owner)', revised),
  'POST /api/boards/:id/copy': op(
    'Boards',
    'Copy the board (lists, lanes, labels, fields, rules; no, template or all cards)',
  ),
  'PUT /api/boards/:id/archive': op('Boards', 'Archive the board (owner)'),
  'PUT /api/boards/:id/unarchive': op('Boards', 'Restore an archived board (owner)'),
  'PUT /api/boards/:id/toggle-pin': op('Boards', 'Pin or unpin the board for the caller'),
  'DELETE /api/boards/:id/permanent': op('Boards', 'Delete the board for good (owner)'),
  'POST /api/boards/:id/join': op('Members', 'Join by the share link'),
  'POST /api/boards/:id/members': op('Members', 'Invite by e-mail (owner)'),
  'DELETE /api/boards/:id/members/:userId': op('Members', 'Remove a member (owner), or leave'),
  'GET /api/boards/:id/insights': op(
    'Insights',
    'Flow figures of a date range: CFD, throughput, lead and cycle time, aging',
  ),
  'GET /api/boards/:id/forecast': op(
    'Insights',
    'When N more cards will be done, or how many by a date (Monte Carlo)',
  ),
  'GET /api/boards/:id/events': op('Events', 'The board’s events after a version; 410 when too old'),
  'GET /api/boards/:id/presence': op('Events', 'Who has the board open right now, each person once'),
  'GET /api/boards/:id/stream': op(
    'Events',
    'Live Server-Sent Events of the board; resumes from Last-Event-ID or ?after=',
    { produces: 'text/event-stream' },
  ),
  'GET /api/stream': op(
    'Events',
    'Live Server-Sent Events of ?boards=a,b (ids boardId:version); resumes from Last-Event-ID or ?after=',
    { produces: 'text/event-stream' },
  ),
  'GET /api/boards/:id/activities': op('Activity', 'The board’s activity feed'),
  'POST /api/boards/:id/webhooks': op(
    'Webhooks',
    'Add a webhook (owner); the secret is in this answer only',
    {
      answer: createdWebhookSchema,
    },
  ),
  'GET /api/boards/:id/webhooks': op('Webhooks', 'The board’s webhooks, never their secrets (owner)', {
    answer: webhookListSchema,
  }),
  'PATCH /api/boards/:id/webhooks/:hid': op(
    'Webhooks',
    'Change a webhook’s address, events or on/off (owner)',
    {
      answer: webhookSchema,
    },
  ),
  'DELETE /api/boards/:id/webhooks/:hid': op('Webhooks', 'Delete a webhook (owner)'),
  'POST /api/boards/:id/webhooks/:hid/test': op('Webhooks', 'Send a signed webhook.test now, once (owner)', {
    answer: webhookDeliverySchema,
  }),
  'GET /api/boards/:id/webhooks/:hid/deliveries': op(
    'Webhooks',
    'The last 100 delivery attempts, newest first (owner)',
    {
      answer: webhookDeliveryListSchema,
    },
  ),
  'GET /api/activities': op('Activity', 'Activity across the caller’s boards'),

  'GET /api/boards/:id/lists': op('Lists', 'The board’s lists in order'),
  'POST /api/boards/:id/lists': op('Lists', 'Add a list at the end'),
  'PUT /api/lists/:id': op('Lists', 'Rename a list, set its stage of the flow or its WIP limit', revised),
  'DELETE /api/lists/:id': op('Lists', 'Delete a list with its cards; the answer’s `undoToken` undoes it'),
  'GET /api/lists/:id/cards': op('Cards', 'The list’s cards in order'),
  'POST /api/lists/:id/cards': op('Cards', 'Add a card at the end of a list (or from a template card)'),
  'PUT /api/cards/:id': op('Cards', 'Change a card', revised),
  'DELETE /api/cards/:id': op('Cards', 'Delete a card; the answer’s `undoToken` undoes it'),
  'POST /api/cards/:id/copy': op('Cards', 'Copy a card below itself'),
  'POST /api/cards/:id/labels': op('Labels', 'Put a label on a card'),
  'DELETE /api/cards/:id/labels/:labelId': op('Labels', 'Take a label off a card'),
  'POST /api/cards/:id/members': op('Cards', 'Put a board member on a card'),
  'DELETE /api/cards/:id/members/:userId': op('Cards', 'Take a member off a card'),
  'POST /api/cards/:id/attachments': op(
    'Attachments',
    'Attach a file (multipart field `file`, at most ATTACHMENT_MAX_MB MiB); 201 with the attachment',
  ),
  'GET /api/cards/:id/attachments': op('Attachments', 'The card’s attachments, oldest first'),
  'GET /api/attachments/:id': op(
    'Attachments',
    'The file, streamed; raster images inline, everything else as a download (nosniff, sandboxed)',
    { produces: 'application/octet-stream' },
  ),
  'GET /api/attachments/:id/thumbnail': op('Attachments', 'An image attachment’s thumbnail (WebP)', {
    produces: 'image/webp',
  }),
  'DELETE /api/attachments/:id': op(
    'Attachments',
    'Remove an attachment (its file goes when no copy shares it)',
  ),
  'GET /api/boards/:id/export': op(
    'Boards',
    'The whole board as a file: `format=json` (re-importable), `csv` (one row a card) or `zip` (the JSON and the attachments’ files)',
    { produces: 'application/octet-stream' },
  ),
  'POST /api/boards/import': op(
    'Boards',
    'A new board of the caller’s from a Papan export (JSON or ZIP) or a Trello board JSON export (multipart field `file`, at most 20 MiB); 201 with the board',
  ),
  'GET /api/boards/:id/labels': op('Labels', 'The board’s labels'),
  'POST /api/boards/:id/labels': op('Labels', 'Create a label'),
  'PUT /api/labels/:id': op('Labels', 'Change a label'),
  'DELETE /api/labels/:id': op('Labels', 'Delete a label'),
  'POST /api/boards/:id/fields': op('Fields', 'Add a custom field after the others (docs/fields.md)'),
  'PATCH /api/fields/:id': op(
    'Fields',
    'Rename a custom field, replace a select’s options (values of removed ones leave every card), show it on cards or move it',
  ),
  'DELETE /api/fields/:id': op('Fields', 'Delete a custom field; its values leave every card'),
  'POST /api/boards/:id/lanes': op('Lanes', 'Add a swimlane below the others'),
  'PUT /api/lanes/:id': op('Lanes', 'Rename a swimlane or move it to an index among the board’s lanes'),
  'DELETE /api/lanes/:id': op('Lanes', 'Delete a swimlane; its cards go to the default lane'),
  'GET /api/boards/:id/rules': op('Automation', 'The board’s rules (members)'),
  'POST /api/boards/:id/rules': op('Automation', 'Make a rule: a trigger and the actions it runs (owner)'),
  'POST /api/boards/:id/rules/dry-run': op(
    'Automation',
    'What a rule not saved yet would have done over the last 7 days, writing nothing',
  ),
  'PATCH /api/rules/:id': op('Automation', 'Change a rule’s name, trigger, actions or on/off (owner)'),
  'DELETE /api/rules/:id': op('Automation', 'Delete a rule (owner)'),
  'GET /api/rules/:id/runs': op('Automation', 'The rule’s last 100 runs, newest first'),
  'POST /api/rules/:id/dry-run': op(
    'Automation',
    'What the rule would have done over the last 7 days, writing nothing',
  ),
  'PUT /api/boards/:id/dnd': op('Moves', 'Move a card or reorder the lists in one transaction'),
  'POST /api/dnd/card': op('Moves', 'Move a card (full-order form)'),
  'POST /api/dnd/list': op('Moves', 'Reorder the lists (full-order form)'),

  'GET /api/cards/:id/history': op('Insights', 'Where the card has been: its stays in lists, oldest first'),
  'GET /api/cards/:id/checklists': op('Checklists', 'The card’s checklists with their items'),
  'POST /api/cards/:id/checklists': op('Checklists', 'Add a checklist'),
  'PUT /api/checklists/:id': op('Checklists', 'Rename a checklist', revised),
  'DELETE /api/checklists/:id': op('Checklists', 'Delete a checklist; the answer’s `undoToken` undoes it'),
  'POST /api/checklists/:id/items': op('Checklists', 'Add an item'),
  'PUT /api/checklists/:id/items/:itemId': op('Checklists', 'Change or tick an item', revised),
  'DELETE /api/checklists/:id/items/:itemId': op('Checklists', 'Delete an item'),
  'GET /api/cards/:id/comments': op('Comments', 'The card’s comments, newest first'),
  'POST /api/cards/:id/comments': op('Comments', 'Comment on a card'),
  'PUT /api/comments/:id': op('Comments', 'Edit one’s comment', revised),
  'DELETE /api/comments/:id': op('Comments', 'Delete one’s comment; the answer’s `undoToken` undoes it'),
  'POST /api/undo/:token': op(
    'Undo',
    'Bring back what a delete took, with the same ids: once, by whoever deleted, within UNDO_SECONDS (30 s); 403 someone else’s, 404 unknown, 410 used or expired, 409 when its list, card or board is gone',
  ),

  'GET /api/search': op(
    'Search',
    'Cards whose title or description has the words, across the caller’s boards',
  ),

  'GET /api/notifications': op('Notifications', 'The caller’s notifications, newest first'),
  'POST /api/notifications/mark-as-read': op('Notifications', 'Mark notifications read'),

  'GET /api/tokens': op('API tokens', 'The caller’s API tokens (never the secret)', {
    answer: apiTokenListSchema,
  }),
  'POST /api/tokens': op('API tokens', 'Create an API token; the secret is in this answer only', {
    answer: createdApiTokenSchema,
  }),
  'DELETE /api/tokens/:id': op('API tokens', 'Revoke an API token'),

  'GET /api/admin/stats': op('Admin', 'Counts of users, boards, lists and cards'),
  'GET /api/admin/stats/user-growth': op('Admin', 'New users per day', {
    answer: z.array(userGrowthDaySchema),
  }),
  'GET /api/admin/boards': op('Admin', 'Every board', { answer: z.array(adminBoardSchema) }),
  'DELETE /api/admin/boards': op('Admin', 'Delete several boards'),
  'DELETE /api/admin/boards/:id': op('Admin', 'Delete a board'),
  'GET /api/users': op('Admin', 'Every user (admin)'),
  'PUT /api/users/:id': op('Admin', 'Change a user’s role (admin)'),
  'DELETE /api/users/:id': op('Admin', 'Delete a user (admin)'),
  'DELETE /admin/users': op('Admin', 'Delete several users (admin; the path without /api)'),
  'DELETE /api/admin/users': op('Admin', 'Delete several users (admin)'),
  'POST /api/admin/users/:id/verify-email': op('Admin', 'Mark a user’s address verified'),
  'GET /api/admin/tokens': op('Admin', 'Every API token (no secrets)', { answer: adminApiTokenListSchema }),
  'DELETE /api/admin/tokens/:id': op('Admin', 'Revoke any API token'),
  'GET /api/admin/audit': op('Admin', 'The audit log, newest first, 100 a page'),
  'GET /api/admin/audit/verify': op('Admin', 'Check the audit log’s hash chain'),
  'GET /api/admin/audit/export': op('Admin', 'The audit log as NDJSON', { produces: 'application/x-ndjson' }),
  'GET /api/admin/settings': op('Admin', 'The instance’s settings'),
  'PUT /api/admin/settings': op('Admin', 'Replace the instance’s settings'),
  'POST /api/admin/invites': op('Admin', 'Invite an address to register (mails a sign-up link)'),
  'GET /api/admin/health': op('Admin', 'Version, uptime, database, mail, webhooks and instances'),

  'GET /api/health': op('Operations', 'Whether the server and its database answer'),
  'GET /api/metrics': op('Operations', 'Prometheus metrics (METRICS_TOKEN)', { produces: 'text/plain' }),
  'GET /api/openapi.json': op('Operations', 'This document'),
  'GET /api/docs': op('Operations', 'This document, rendered', { produces: 'text/html' }),
  'GET /api/docs/docs.js': op('Operations', 'The rendering script of /api/docs', {
    produces: 'text/javascript',
  }),
};
