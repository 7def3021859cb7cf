import { z } from 'zod';
import { EU_COUNTRIES } from './tax.js';

/**
 * The admin's table of the EU member states' standard VAT rates (docs/billing.md, "Tax by customer"):
 * what a consumer in another member state pays once the seller's distance sales pass the threshold
 * (OSS). Rates are basis points (19 % = 1900).
 */
export const euVatRateSchema = z.object({
  /** ISO 3166-1 code (Greece is GR). */
  country: z.enum(EU_COUNTRIES),
  rateBasisPoints: z.number().int(),
  /** When the rate was last set (the seed's time for a rate no admin has changed). */
  updatedAt: z.string(),
  /** The admin who last set it; null for the seeded rate (or an admin since erased). */
  updatedBy: z.object({ id: z.string(), name: z.string() }).nullable(),
});
export type EuVatRate = z.infer<typeof euVatRateSchema>;

/** `PUT /api/admin/eu-vat-rates/{country}`: the new standard rate, 0 to 100 % in basis points. */
export const euVatRateBodySchema = z.object({ rateBasisPoints: z.number().int().min(0).max(10_000) });
export type EuVatRateBody = z.infer<typeof euVatRateBodySchema>;
