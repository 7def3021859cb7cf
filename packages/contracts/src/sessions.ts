import { z } from 'zod';

/**
 * A signed-in device, as Opciones lists it: the browser and system read from the User-Agent it
 * signed in with (null when it sent none or an unknown one), never a location.
 */
export const sessionDeviceSchema = z.object({
  /** "Firefox 132", "Safari 17"; the major version only. */
  browser: z.string().nullable(),
  /** "Windows 10", "iOS 17.5", "Android 14". */
  os: z.string().nullable(),
  type: z.enum(['desktop', 'mobile', 'tablet', 'other']),
});
export type SessionDevice = z.infer<typeof sessionDeviceSchema>;

/** `GET /api/sessions`: one active session. `lastSeenAt` is refreshed at most every few minutes. */
export const activeSessionSchema = z.object({
  id: z.uuid(),
  device: sessionDeviceSchema,
  createdAt: z.string(),
  lastSeenAt: z.string(),
  /** The session this request was made with. */
  current: z.boolean(),
});
export type ActiveSession = z.infer<typeof activeSessionSchema>;

export const sessionIdParamsSchema = z.object({ id: z.uuid() });

/** What "sign out everywhere else" ended. */
export const signedOutSessionsSchema = z.object({ signedOut: z.number().int().min(0) });
export type SignedOutSessions = z.infer<typeof signedOutSessionsSchema>;
