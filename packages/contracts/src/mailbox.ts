import { z } from 'zod';
import { phoneSchema } from './account.js';

/**
 * What a visitor sends through a profile's contact form (`POST /api/public/link/{alias}/{profileId}/messages`).
 * Anonymous browser requests carry `X-CSRF-TOKEN`; `website` is a honeypot that people leave empty.
 */
export const contactMessageBodySchema = z.object({
  name: z.string().trim().min(1).max(100),
  email: z.email().max(254),
  phone: phoneSchema.nullable().default(null),
  message: z.string().trim().min(1).max(5000),
  /** Consent to receive communications from the profile's owner. */
  consent: z.boolean().default(false),
  /** A finder's location, only when they chose to share it (tags in lost mode). */
  location: z.object({ lat: z.number().min(-90).max(90), lng: z.number().min(-180).max(180), accuracy: z.number().min(0).max(100_000).nullable().default(null) }).nullable().default(null),
  /** Honeypot: must be empty. */
  website: z.string().max(200).optional(),
});
export type ContactMessageBody = z.infer<typeof contactMessageBodySchema>;
