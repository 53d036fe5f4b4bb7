import { z } from 'zod';
import { idSchema, requiredText } from './common.schema';

/**
 * What a personal API token may do (docs/api.md, "Personal API tokens"). `boards:write` implies
 * `boards:read`.
 */
export const TOKEN_SCOPES = ['boards:read', 'boards:write', 'events:read'] as const;
export type TokenScope = (typeof TOKEN_SCOPES)[number];

/** Every token starts with this, so the server (and secret scanners) tell it from a session JWT. */
export const API_TOKEN_PREFIX = 'papan_';

export const API_TOKEN_LIMITS = {
  name: 100,
  /** Boards one token may be limited to; a longer list is 400. */
  boards: 100,
  /** `papan_` + 43 characters of base64url (32 random bytes); anything much longer is not ours. */
  secret: 128,
} as const;

/** `POST /api/tokens`: `expiresAt` (ISO 8601) must lie in the future; no `boardIds` means every board. */
export const createApiTokenSchema = z.object({
  name: requiredText(API_TOKEN_LIMITS.name),
  scopes: z
    .array(z.enum(TOKEN_SCOPES, `must be one of ${TOKEN_SCOPES.join(', ')}`), 'must be a list of scopes')
    .min(1, 'must name at least one scope')
    .max(TOKEN_SCOPES.length, `must have at most ${TOKEN_SCOPES.length} entries`)
    .refine((s) => new Set(s).size === s.length, 'must not repeat a scope'),
  boardIds: z
    .array(idSchema, 'must be a list of board ids')
    .min(1, 'must name at least one board (leave it out for every board)')
    .max(API_TOKEN_LIMITS.boards, `must have at most ${API_TOKEN_LIMITS.boards} entries`)
    .transform((ids) => [...new Set(ids)])
    .nullish(),
  expiresAt: z.iso
    .datetime({ offset: true, message: 'must be an ISO 8601 date-time' })
    .refine((s) => Date.parse(s) > Date.now(), 'must be in the future')
    .nullish(),
});
export type CreateApiTokenInput = z.input<typeof createApiTokenSchema>;
export type CreateApiToken = z.infer<typeof createApiTokenSchema>;

/** A token as its owner lists it: never the secret. */
export const apiTokenSchema = z.object({
  _id: z.string(),
  name: z.string(),
  scopes: z.array(z.enum(TOKEN_SCOPES)),
  /** Null: every board the owner is a member of. */
  boardIds: z.array(z.string()).nullable(),
  expiresAt: z.string().nullable(),
  lastUsedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type ApiToken = z.infer<typeof apiTokenSchema>;

/** The answer of `POST /api/tokens`: the only time the secret is shown. */
export const createdApiTokenSchema = apiTokenSchema.omit({ lastUsedAt: true }).extend({ token: z.string() });
export type CreatedApiToken = z.infer<typeof createdApiTokenSchema>;

export const apiTokenListSchema = z.object({ tokens: z.array(apiTokenSchema) });
export type ApiTokenList = z.infer<typeof apiTokenListSchema>;

/** `GET /api/admin/tokens`: every token with its owner, no secrets. */
export const adminApiTokenSchema = apiTokenSchema.extend({
  owner: z.object({ _id: z.string(), name: z.string(), email: z.string() }),
});
export type AdminApiToken = z.infer<typeof adminApiTokenSchema>;

export const adminApiTokenListSchema = z.object({ tokens: z.array(adminApiTokenSchema) });
export type AdminApiTokenList = z.infer<typeof adminApiTokenListSchema>;

/** Whether a token with `scopes` may make a call of this kind (docs/api.md, "What a token may call"). */
export function tokenAllows(scopes: readonly TokenScope[], kind: 'read' | 'write' | 'events'): boolean {
  if (kind === 'write') return scopes.includes('boards:write');
  if (kind === 'read') return scopes.includes('boards:read') || scopes.includes('boards:write');
  return scopes.some((s) => s === 'events:read' || s === 'boards:read' || s === 'boards:write');
}
