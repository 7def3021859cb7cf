import { z } from 'zod';

export const healthResponseSchema = z.object({ ok: z.literal(1), status: z.literal('up') });
export const readyResponseSchema = z.object({ ok: z.literal(1), database: z.literal('up') });
