import { z } from 'zod';
import { ADMIN_NOTIFICATION_TYPES, NOTIFICATION_TYPES, type NotificationType } from './notifications.js';
import { localeSchema } from './common.js';
import { aliasSchema, emailSchema, newPasswordSchema } from './accounts.js';

/** E.164: a plus sign and up to 15 digits. The phone widget produces it. */
export const phoneSchema = z.string().regex(/^\+[1-9]\d{6,14}$/, { error: 'validation.invalid_phone' });
export const countryCodeSchema = z.string().regex(/^[A-Z]{2}$/);

export const THEMES = ['light', 'dark', 'system'] as const;
export const themeSchema = z.enum(THEMES);

export const preferencesSchema = z.object({
  locale: localeSchema,
  /** IANA time zone, e.g. Europe/Madrid. */
  timeZone: z.string().min(1).max(64),
  theme: themeSchema,
});
export type Preferences = z.infer<typeof preferencesSchema>;

export const billingAddressSchema = z.object({
  line1: z.string().trim().min(1).max(200),
  line2: z.string().trim().max(200).nullable(),
  city: z.string().trim().min(1).max(100),
  postalCode: z.string().trim().min(1).max(20),
  region: z.string().trim().max(100).nullable(),
  country: countryCodeSchema,
});
export type BillingAddress = z.infer<typeof billingAddressSchema>;

/** What an invoice names its buyer by, asked at checkout when the invoice needs it and it is missing. */
export const BILLING_DETAIL_FIELDS = ['taxId', 'billingAddress'] as const;
export const billingDetailFieldSchema = z.enum(BILLING_DETAIL_FIELDS);
export type BillingDetailField = z.infer<typeof billingDetailFieldSchema>;

/** `PUT /api/user/billing-details`: both, as a full invoice names the buyer's tax id and address. */
export const billingDetailsUpdateSchema = z.object({
  taxId: z.string().trim().min(1).max(40),
  billingAddress: billingAddressSchema,
});
export type BillingDetailsUpdate = z.infer<typeof billingDetailsUpdateSchema>;

/**
 * What VIES said of the tax id when it was saved: `registered`; `unavailable`, no answer (the
 * member state's register was down): the well-formed number was kept unconfirmed, and is looked up
 * again when it is saved again; null, not looked up (a Spanish or non-EU id, or VIES_CHECK off).
 */
export const TAX_ID_REGISTRATIONS = ['registered', 'unavailable'] as const;
export const taxIdRegistrationSchema = z.enum(TAX_ID_REGISTRATIONS).nullable();
export type TaxIdRegistration = z.infer<typeof taxIdRegistrationSchema>;

/** `GET /api/user/billing-details`: what is stored and what a purchase of this account type still needs. */
export const billingDetailsSchema = z.object({
  taxId: z.string().nullable(),
  taxIdRegistration: taxIdRegistrationSchema,
  billingAddress: billingAddressSchema.nullable(),
  /** The account's country (the billing address's country is proposed from it). */
  country: z.string().nullable(),
  /** The account type asks for a full invoice (Business): tax id and address before paying. */
  requiresTaxId: z.boolean(),
  missing: z.array(billingDetailFieldSchema),
});
export type BillingDetails = z.infer<typeof billingDetailsSchema>;

export const personalInfoSchema = z.object({
  name: z.string(),
  email: z.string(),
  /** A new address waiting for confirmation, if any. */
  pendingEmail: z.string().nullable(),
  phone: z.string().nullable(),
  country: z.string().nullable(),
  billingAddress: billingAddressSchema.nullable(),
  taxId: z.string().nullable(),
  taxIdRegistration: taxIdRegistrationSchema,
  accountType: z.object({ id: z.string(), name: z.string(), requiresTaxId: z.boolean() }).nullable(),
});
export type PersonalInfo = z.infer<typeof personalInfoSchema>;

/** Omitted billing fields are left as they are. */
export const personalInfoUpdateSchema = z.object({
  name: z.string().trim().min(2).max(120),
  phone: phoneSchema.nullable(),
  country: countryCodeSchema.nullable(),
  billingAddress: billingAddressSchema.nullable().optional(),
  taxId: z.string().trim().max(40).nullable().optional(),
});
export type PersonalInfoUpdate = z.infer<typeof personalInfoUpdateSchema>;

export const emailChangeBodySchema = z.object({ newEmail: emailSchema, password: z.string().min(1).max(1024) });
export const passwordChangeBodySchema = z.object({ currentPassword: z.string().min(1).max(1024), newPassword: newPasswordSchema });

/** Which notification types also come by email (chosen per type in Options); the admins' own types are not a customer's choice. */
export const NOTIFICATION_KINDS = NOTIFICATION_TYPES.filter((type) => !(ADMIN_NOTIFICATION_TYPES as readonly string[]).includes(type)) as [
  Exclude<NotificationType, (typeof ADMIN_NOTIFICATION_TYPES)[number]>,
  ...Exclude<NotificationType, (typeof ADMIN_NOTIFICATION_TYPES)[number]>[],
];
export const notificationKindSchema = z.enum(NOTIFICATION_KINDS);

export const userOptionsSchema = z.object({
  alias: z.string(),
  /** Old aliases that still redirect to this account. */
  previousAliases: z.array(z.string()),
  notificationEmails: z.array(notificationKindSchema),
});
export type UserOptions = z.infer<typeof userOptionsSchema>;
export const aliasChangeBodySchema = z.object({ alias: aliasSchema });
export const notificationEmailsBodySchema = z.object({
  notificationEmails: z.array(notificationKindSchema).max(NOTIFICATION_KINDS.length),
});
export const deleteAccountBodySchema = z.object({ password: z.string().min(1).max(1024) });
