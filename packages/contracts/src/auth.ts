import { z } from 'zod';
import { roleSchema } from './common.js';

export const loginBodySchema = z.object({
  // Spaces around a pasted or autofilled address are not part of it.
  email: z.string().trim().pipe(z.email().max(254)),
  password: z.string().min(1).max(1024),
});
export type LoginBody = z.infer<typeof loginBodySchema>;

/** The current user, exactly the fields of the inherited `GET /api/user`. */
export const currentUserSchema = z.object({
  id: z.string(),
  name: z.string(),
  alias: z.string(),
  codigo: z.string(),
  email: z.string(),
  roll: roleSchema,
  perfil_id: z.string().nullable(),
  created_at: z.string(),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;

export const loginResponseSchema = z.object({
  ok: z.literal(1),
  data: z.object({ token: z.string(), user: currentUserSchema }),
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;

export const logoutResponseSchema = z.object({ ok: z.literal(1) });
