import { z } from 'zod';
import { currentUserSchema } from './auth.js';

/**
 * Two-factor sign-in with an authenticator app (TOTP, RFC 6238: 6 digits, 30 s) and ten single-use
 * recovery codes. docs/sign-in-security.md has the whole flow.
 */
export const RECOVERY_CODE_COUNT = 10;

/** A code from the app ("123 456" as some apps show it is accepted) or a recovery code ("abcde-12345"). */
export const twoFactorCodeSchema = z
  .string()
  .trim()
  .min(6)
  .max(32)
  .transform((code) => code.replace(/\s+/g, '').toLowerCase());

/**
 * `POST /api/login` when the password is right but a second step is due: `totp` — send a code with
 * the challenge to `POST /api/login/second-factor`; `enrol` — an admin must set up two-factor first
 * (`POST /api/login/second-factor/setup`, then `/enrol`). The challenge lasts 5 minutes.
 */
export const secondFactorRequiredSchema = z.object({
  secondFactor: z.enum(['totp', 'enrol']),
  challenge: z.string(),
  expiresAt: z.string(),
});
export type SecondFactorRequired = z.infer<typeof secondFactorRequiredSchema>;

export const secondFactorBodySchema = z.object({ challenge: z.string().min(1).max(200), code: twoFactorCodeSchema });
export type SecondFactorBody = z.infer<typeof secondFactorBodySchema>;

export const challengeBodySchema = z.object({ challenge: z.string().min(1).max(200) });

/** What an authenticator app needs: the otpauth:// URI, as a QR code (SVG data URL) and its secret for typing in. */
export const twoFactorSetupSchema = z.object({ secret: z.string(), otpauthUri: z.string(), qrCode: z.string() });
export type TwoFactorSetup = z.infer<typeof twoFactorSetupSchema>;

/** `GET /api/two-factor`: on or off, recovery codes not yet used, and whether this account must have it. */
export const twoFactorStatusSchema = z.object({
  enabled: z.boolean(),
  recoveryCodesLeft: z.number().int(),
  required: z.boolean(),
});
export type TwoFactorStatus = z.infer<typeof twoFactorStatusSchema>;

export const twoFactorCodeBodySchema = z.object({ code: twoFactorCodeSchema });
export type TwoFactorCodeBody = z.infer<typeof twoFactorCodeBodySchema>;

/** Shown once: the owner downloads or copies them. */
export const recoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()) });
export type RecoveryCodes = z.infer<typeof recoveryCodesSchema>;

/** Turning it off asks for the password or a current code (a recovery code counts). */
export const disableTwoFactorBodySchema = z
  .object({ password: z.string().min(1).max(1024).optional(), code: twoFactorCodeSchema.optional() })
  .refine((body) => body.password !== undefined || body.code !== undefined, { message: 'password or code', path: ['code'] });
export type DisableTwoFactorBody = z.infer<typeof disableTwoFactorBodySchema>;

/** An admin's enrolment at sign-in ends signed in, with the recovery codes to keep. */
export const enrolledSignInSchema = z.object({ token: z.string(), user: currentUserSchema, recoveryCodes: z.array(z.string()) });

/** `POST /api/login`: a session (exactly the inherited shape), or a second step due. */
export const loginAnswerSchema = z.object({
  ok: z.literal(1),
  data: z.union([z.object({ token: z.string(), user: currentUserSchema }), secondFactorRequiredSchema]),
});
export type LoginAnswer = z.infer<typeof loginAnswerSchema>;
