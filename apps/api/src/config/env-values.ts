import { z } from 'zod';

/** A setting that may be absent: an empty or blank value counts as unset, a value is trimmed. */
export const optionalString = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? undefined : v.trim()));
