import { z } from 'zod';

/**
 * What a personal access token may do. Each covered operation of the API names the one scope it
 * needs (apps/api/src/platform/token-scopes.ts); everything else (account settings, the tokens
 * themselves, sessions, password, the admin area) refuses every token.
 */
export const API_TOKEN_SCOPES = ['cards:read', 'cards:write', 'messages:read', 'audience', 'campaigns', 'billing:read'] as const;
export const apiTokenScopeSchema = z.enum(API_TOKEN_SCOPES);
export type ApiTokenScope = z.infer<typeof apiTokenScopeSchema>;

/** How long a new token lives; `never`: until revoked, only when chosen (the default is 90 days). */
export const API_TOKEN_EXPIRIES = ['30', '90', '365', 'never'] as const;
export const apiTokenExpirySchema = z.enum(API_TOKEN_EXPIRIES);
export type ApiTokenExpiry = z.infer<typeof apiTokenExpirySchema>;

/** Every token starts with this, so a leaked one is recognisable (secret scanners, logs). */
export const API_TOKEN_PREFIX = 'enl_pat_';
/** Live tokens one user may hold at once. */
export const API_TOKENS_PER_USER = 20;
export const API_TOKEN_NAME_MAX = 60;

/** `POST /api/tokens`. */
export const createApiTokenBodySchema = z.strictObject({
  name: z.string().trim().min(1).max(API_TOKEN_NAME_MAX),
  scopes: z
    .array(apiTokenScopeSchema)
    .min(1)
    .max(API_TOKEN_SCOPES.length)
    .refine((scopes) => new Set(scopes).size === scopes.length, { error: 'validation.invalid_value' }),
  expiresIn: apiTokenExpirySchema.default('90'),
});
export type CreateApiTokenBody = z.infer<typeof createApiTokenBodySchema>;

/** A token as listed: never the secret itself, which is shown once, when it is created. */
export const apiTokenSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  scopes: z.array(apiTokenScopeSchema),
  createdAt: z.string(),
  /** null: never expires. */
  expiresAt: z.string().nullable(),
  /** Refreshed at most once a minute; null until first used. */
  lastUsedAt: z.string().nullable(),
});
export type ApiToken = z.infer<typeof apiTokenSchema>;

/** The answer to creating a token: the token, and its secret, which is never shown again. */
export const createdApiTokenSchema = z.object({ token: apiTokenSchema, secret: z.string() });
export type CreatedApiToken = z.infer<typeof createdApiTokenSchema>;

export const apiTokenIdParamsSchema = z.object({ id: z.uuid() });
