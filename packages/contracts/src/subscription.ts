import { z } from 'zod';

export const SUBSCRIPTION_STATUSES = ['trialing', 'active', 'past_due', 'expired', 'cancelled', 'none'] as const;
export const subscriptionStatusSchema = z.enum(SUBSCRIPTION_STATUSES);
export type SubscriptionStatus = z.infer<typeof subscriptionStatusSchema>;

/** What a plan allows; storage in bytes. */
export const planLimitsSchema = z.object({
  profiles: z.number().int(),
  tags: z.number().int(),
  storageBytes: z.number().int(),
  sendsPerMonth: z.number().int(),
});
export type PlanLimits = z.infer<typeof planLimitsSchema>;

export const planUsageSchema = z.object({
  profiles: z.number().int(),
  tags: z.number().int(),
  storageBytes: z.number().int(),
  sendsThisMonth: z.number().int(),
});
export type PlanUsage = z.infer<typeof planUsageSchema>;

export const subscriptionAddOnSchema = z.object({
  id: z.string(),
  name: z.string(),
  extra: planLimitsSchema,
  validUntil: z.string().nullable(),
});

/**
 * `GET /api/datasuscription`: always an object (an admin gets status `none` and no plan),
 * so the client stores it once. `limits` are the plan's quotas plus the add-ons'.
 */
export const subscriptionDataSchema = z.object({
  id: z.string().nullable(),
  status: subscriptionStatusSchema,
  plan: z.object({ id: z.string(), code: z.string(), name: z.string(), limits: planLimitsSchema }).nullable(),
  periodStart: z.string().nullable(),
  periodEnd: z.string().nullable(),
  cancelAtPeriodEnd: z.boolean(),
  limits: planLimitsSchema,
  usage: planUsageSchema,
  addOns: z.array(subscriptionAddOnSchema),
});
export type SubscriptionData = z.infer<typeof subscriptionDataSchema>;

/** `GET /api/envio/data`: the sending quota of the current calendar month (UTC). */
export const sendQuotaSchema = z.object({
  periodStart: z.string(),
  periodEnd: z.string(),
  used: z.number().int(),
  limit: z.number().int(),
  remaining: z.number().int(),
});
export type SendQuota = z.infer<typeof sendQuotaSchema>;
