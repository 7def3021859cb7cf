import { z } from 'zod';
import { ALIAS_PATTERN } from './alias-rules.js';
import { localeSchema } from './common.js';
import { PASSWORD_MIN_LENGTH } from './password-rules.js';

/** Public alias: 3–30 of a-z, 0-9 and '-'. */
export const aliasSchema = z
  .string()
  .trim()
  .toLowerCase()
  // The length as a check of its own, so that forms read it (maxLength); one message either way.
  .max(30, { error: 'validation.alias_format', abort: true })
  .regex(ALIAS_PATTERN, { error: 'validation.alias_format' });
/** At least 10 characters; the server also refuses the 10,000 most common passwords. */
export const newPasswordSchema = z.string().min(PASSWORD_MIN_LENGTH).max(200);
export const emailSchema = z.string().trim().toLowerCase().pipe(z.email().max(254));

export const accountTypeSchema = z.object({ id: z.string(), code: z.string(), name: z.string(), requiresTaxId: z.boolean() });
export type AccountType = z.infer<typeof accountTypeSchema>;

export const registerBodySchema = z.object({
  name: z.string().trim().min(2).max(120),
  alias: aliasSchema,
  email: emailSchema,
  password: newPasswordSchema,
  accountTypeId: z.uuid(),
  acceptPolicy: z.literal(true, { error: 'validation.accept_policy' }),
  /** The language chosen on the page, else the browser's when it is one of ours; left out otherwise. */
  locale: localeSchema.optional(),
  /** The browser's IANA time zone; an unknown one is not kept (the account then has none, shown as UTC). */
  timeZone: z.string().min(1).max(64).optional(),
});
export type RegisterBody = z.infer<typeof registerBodySchema>;
export const registerResultSchema = z.object({ email: z.string() });
/**
 * What a code opened at /register/verify/{code} did: activated an account or confirmed a new address.
 * An activation also answers `signInCode`: single use, valid a few minutes, exchanged once at
 * `POST /api/register/sign-in` for the session a sign-in gives.
 */
export const verifyResultSchema = z.object({
  email: z.string(),
  kind: z.enum(['account', 'email_change']),
  signInCode: z.string().optional(),
});

/** `POST /api/register/sign-in`: the `signInCode` of a verification; answers as `POST /api/login` does. */
export const signInCodeBodySchema = z.object({ code: z.string().min(10).max(200) });

export const aliasCheckQuerySchema = z.object({ alias: z.string().max(60).optional(), name: z.string().max(120).optional() });
export const aliasCheckSchema = z.object({ alias: z.string(), valid: z.boolean(), available: z.boolean(), suggestion: z.string() });
export type AliasCheck = z.infer<typeof aliasCheckSchema>;

export const verifyBodySchema = z.object({ code: z.string().min(10).max(200) });
export const emailOnlyBodySchema = z.object({ email: emailSchema });
/**
 * `POST /api/password/reset`. Every session is signed out; `revokeApiTokens` and `removePasskeys` (both
 * on unless sent false: the reset page's two boxes) also end what a thief may have added.
 */
export const resetPasswordBodySchema = z.object({
  token: z.string().min(10).max(200),
  email: emailSchema,
  password: newPasswordSchema,
  revokeApiTokens: z.boolean().default(true),
  removePasskeys: z.boolean().default(true),
});
