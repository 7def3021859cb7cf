import { z } from 'zod';

/** E.164: a plus sign and up to 15 digits. The phone widget produces it. */
export const phoneSchema = z.string().regex(/^\+[1-9]\d{6,14}$/, { error: 'validation.invalid_phone' });
export const countryCodeSchema = z.string().regex(/^[A-Z]{2}$/);

export const personalInfoSchema = z.object({
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  country: z.string().nullable(),
});
export type PersonalInfo = z.infer<typeof personalInfoSchema>;

export const personalInfoUpdateSchema = z.object({
  name: z.string().trim().min(2).max(120),
  phone: phoneSchema.nullable(),
  country: countryCodeSchema.nullable(),
});
export type PersonalInfoUpdate = z.infer<typeof personalInfoUpdateSchema>;
