import { z } from 'zod';

/**
 * Passkeys (WebAuthn): an owner registers several, named, to sign in without a password. The
 * ceremonies' options and the browser's answers are WebAuthn's own JSON (the W3C Level 3
 * `toJSON()` shapes, as @simplewebauthn/browser produces them); only their outline is checked here,
 * the server verifies the rest.
 */
export const PASSKEYS_PER_USER = 10;

export const passkeyNameSchema = z.string().trim().min(1).max(60);

/** `GET /api/passkeys`: one of my passkeys. */
export const passkeySchema = z.object({
  id: z.uuid(),
  name: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  /** Synced by its provider to the owner's other devices. */
  backedUp: z.boolean(),
});
export type Passkey = z.infer<typeof passkeySchema>;

export const passkeyIdParamsSchema = z.object({ id: z.uuid() });

/** The options of a ceremony (for `startRegistration` / `startAuthentication`) and the id to finish it with. */
export const passkeyCeremonySchema = z.object({
  challengeId: z.uuid(),
  options: z.record(z.string(), z.unknown()),
});
export type PasskeyCeremony = z.infer<typeof passkeyCeremonySchema>;

const base64url = z
  .string()
  .min(1)
  .max(16_384)
  .regex(/^[A-Za-z0-9_-]+$/);

/** The browser's answer to a ceremony, in outline. */
const credentialSchema = <T extends z.ZodRawShape>(response: T) =>
  z.looseObject({
    id: base64url,
    rawId: base64url,
    type: z.literal('public-key'),
    response: z.looseObject({ clientDataJSON: base64url, ...response }),
  });

export const addPasskeyBodySchema = z.object({
  challengeId: z.uuid(),
  name: passkeyNameSchema,
  credential: credentialSchema({ attestationObject: base64url }),
});
export type AddPasskeyBody = z.infer<typeof addPasskeyBodySchema>;

export const renamePasskeyBodySchema = z.object({ name: passkeyNameSchema });
export type RenamePasskeyBody = z.infer<typeof renamePasskeyBodySchema>;

export const passkeySignInBodySchema = z.object({
  challengeId: z.uuid(),
  credential: credentialSchema({ authenticatorData: base64url, signature: base64url }),
});
export type PasskeySignInBody = z.infer<typeof passkeySignInBodySchema>;
