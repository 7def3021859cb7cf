import { z } from 'zod';
import { passkeySignInBodySchema } from './passkeys.js';

/**
 * `POST /api/user/reauthenticate`: a fresh proof that the person at the session is its owner, before a
 * sensitive change (docs/security.md). One of: the password; a current code of the authenticator
 * app (with two-factor on); or a passkey's answer to the challenge of
 * `POST /api/user/reauthenticate/passkey-options`.
 */
export const reauthenticateBodySchema = z.union([
  z.strictObject({ password: z.string().min(1).max(1000) }),
  z.strictObject({ code: z.string().trim().min(6).max(20) }),
  z.strictObject({ passkey: passkeySignInBodySchema }),
]);
export type ReauthenticateBody = z.infer<typeof reauthenticateBodySchema>;

/** The answer: until when this session may make sensitive changes without being asked again. */
export const reauthenticationSchema = z.object({ reauthenticatedUntil: z.string() });
export type Reauthentication = z.infer<typeof reauthenticationSchema>;

/** What the proof dialog may offer this account (`GET /api/user/reauthenticate`). */
export const reauthenticationMethodsSchema = z.object({
  password: z.boolean(),
  code: z.boolean(),
  passkey: z.boolean(),
  /** When the current session's fresh proof ends; null: it has none. */
  reauthenticatedUntil: z.string().nullable(),
});
export type ReauthenticationMethods = z.infer<typeof reauthenticationMethodsSchema>;
