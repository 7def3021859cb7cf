import { z } from 'zod';
import { errorCodeSchema } from './errors.js';

/** Languages the product speaks. `jp` is the product's code for Japanese. */
export const LOCALES = ['en', 'es', 'jp'] as const;
export const localeSchema = z.enum(LOCALES);
export type Locale = z.infer<typeof localeSchema>;
export const DEFAULT_LOCALE: Locale = 'jp';
export const FALLBACK_LOCALE: Locale = 'en';

export const ROLES = ['admin', 'user'] as const;
export const roleSchema = z.enum(ROLES);
export type Role = z.infer<typeof roleSchema>;

export const idSchema = z.uuid();

/**
 * A calendar date (YYYY-MM-DD) that exists and the database can compare (years 1970–9998): every
 * date in a query string uses it, so an impossible date such as 2026-13-45 is a 422, never a 500.
 */
export const calendarDateSchema = z.iso
  .date({ error: 'validation.invalid_value' })
  .refine((d) => d >= '1970-01-01' && d <= '9998-12-31', { error: 'validation.invalid_value' });

/** Failure envelope of every endpoint: a translated sentence and, for bad input, errors per field. */
export const errorResponseSchema = z.object({
  ok: z.literal(0),
  message: z.string(),
  code: errorCodeSchema,
  errors: z.record(z.string(), z.array(z.string())).optional(),
  /** Machine-readable facts of codes that have them, e.g. `{scope: 'campaigns'}` of `auth.token_scope_missing`. */
  details: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
});
export type ErrorResponse = z.infer<typeof errorResponseSchema>;

/** Success envelope of every JSON endpoint except the inherited `user`, `datasuscription` and `envio/data`. */
export function okResponse<T extends z.ZodType>(data: T) {
  return z.object({ ok: z.literal(1), data });
}
