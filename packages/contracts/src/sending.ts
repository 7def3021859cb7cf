import { z } from 'zod';

/**
 * The owner's own sending domains (docs/sending.md, "Your own sending domain") and the platform's
 * SMTP servers for campaigns (docs/sending.md, "Several SMTP servers").
 */

/** Domains one owner may hold. */
export const SENDING_DOMAINS_PER_USER = 5;

/** A domain name: labels of letters, digits and hyphens, a final label of letters (IDNs in their `xn--` form). */
const DOMAIN_NAME = /^(?=.{4,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+([a-z]{2,63}|xn--[a-z0-9-]{1,59})$/;
/** The part before the @ of the address campaigns come from: dot-atom letters, no quoting. */
const LOCAL_PART = /^[a-z0-9!#$%&'*+/=?^_`{|}~-]+(\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/;

export const sendingDomainNameSchema = z
  .string()
  .trim()
  .toLowerCase()
  .transform((v) => v.replace(/\.$/, ''))
  .pipe(z.string().regex(DOMAIN_NAME, { error: 'validation.domain_name' }));
export const sendingLocalPartSchema = z.string().trim().toLowerCase().max(64).regex(LOCAL_PART, { error: 'validation.local_part' });

/** Add a domain: campaigns will come from `<localPart>@<domain>` once its records are published and checked. */
export const createSendingDomainBodySchema = z.object({
  domain: sendingDomainNameSchema,
  localPart: sendingLocalPartSchema.default('hola'),
});
export type CreateSendingDomainBody = z.input<typeof createSendingDomainBodySchema>;

/** Change the address, or choose the domain campaigns come from (`inUse`: one domain at most; false: back to "via Enlaza"). */
export const updateSendingDomainBodySchema = z
  .object({ localPart: sendingLocalPartSchema.optional(), inUse: z.boolean().optional() })
  .refine((b) => b.localPart !== undefined || b.inUse !== undefined, { error: 'validation.nothing_to_change' });
export type UpdateSendingDomainBody = z.infer<typeof updateSendingDomainBodySchema>;

export const sendingDomainIdParamsSchema = z.object({ id: z.uuid() });

/**
 * One DNS record to publish and what the last check found: `found` the record is there as given,
 * `missing` no such record, `mismatch` a record is there with another value (`seen` holds what was
 * read), `unchecked` not looked at yet. `required`: the domain is verified only with it.
 */
export const sendingDnsRecordSchema = z.object({
  kind: z.enum(['dkim', 'spf', 'dmarc']),
  type: z.literal('TXT'),
  /** The full name to publish it at, e.g. `enlaza1._domainkey.example.com`. */
  name: z.string(),
  /** The value to publish (for SPF: the `include:` to add to an existing record, or this whole record). */
  value: z.string(),
  required: z.boolean(),
  status: z.enum(['unchecked', 'found', 'missing', 'mismatch']),
  seen: z.array(z.string()),
});
export type SendingDnsRecord = z.infer<typeof sendingDnsRecordSchema>;

export const sendingDomainSchema = z.object({
  id: z.string(),
  domain: z.string(),
  localPart: z.string(),
  /** `localPart@domain`: the From address of campaigns while the domain is verified and in use. */
  address: z.string(),
  /** `pending`: not verified yet; `verified`: the last check found every required record; `failed`: verified once, a later check did not. */
  status: z.enum(['pending', 'verified', 'failed']),
  inUse: z.boolean(),
  /** The DKIM selector (the key's name in DNS). */
  selector: z.string(),
  records: z.array(sendingDnsRecordSchema),
  checkedAt: z.string().nullable(),
  verifiedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type SendingDomain = z.infer<typeof sendingDomainSchema>;

/** SMTP servers the admin configures for campaigns and automations. */
export const SMTP_RELAYS_MAX = 10;

const relayUser = z.string().trim().max(200);

const hostName = z
  .string()
  .trim()
  .toLowerCase()
  .min(1)
  .max(253)
  .regex(/^([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$|^\d{1,3}(\.\d{1,3}){3}$|^\[[0-9a-f:]+\]$/, {
    error: 'validation.host_name',
  });

/**
 * One SMTP server: where it is, how to sign in, and its own rate limit — at most `rateMessages`
 * messages in any `rateSeconds` seconds (a sliding window, per sending process); `rateMessages` 0:
 * as fast as it takes them. `password` is write-only: left out of an update, the saved one stays.
 */
export const smtpRelayBodySchema = z.object({
  name: z.string().trim().min(1).max(60),
  host: hostName,
  port: z.number().int().min(1).max(65535),
  /** Implicit TLS (port 465); off: STARTTLS when the server offers it. */
  secure: z.boolean(),
  user: relayUser.default(''),
  password: z.string().max(500).optional(),
  rateMessages: z.number().int().min(0).max(1_000_000),
  rateSeconds: z.number().int().min(1).max(86_400),
  enabled: z.boolean(),
});
export type SmtpRelayBody = z.input<typeof smtpRelayBodySchema>;
/** Only what is sent changes (`user` has no default here: left out, the saved one stays). */
export const updateSmtpRelayBodySchema = smtpRelayBodySchema.extend({ user: relayUser }).partial();
export type UpdateSmtpRelayBody = z.input<typeof updateSmtpRelayBodySchema>;
export const smtpRelayIdParamsSchema = z.object({ id: z.uuid() });

export const smtpRelaySchema = z.object({
  id: z.string(),
  name: z.string(),
  host: z.string(),
  port: z.number().int(),
  secure: z.boolean(),
  user: z.string(),
  hasPassword: z.boolean(),
  rateMessages: z.number().int(),
  rateSeconds: z.number().int(),
  enabled: z.boolean(),
  /** The last time a send through it failed for the server's sake (unreachable, sign-in refused, no answer), and why. */
  lastFailureAt: z.string().nullable(),
  lastFailure: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type SmtpRelay = z.infer<typeof smtpRelaySchema>;

/** The answer of "Test this server": whether it greeted us and took our sign-in, and its words otherwise. */
export const smtpRelayTestSchema = z.object({ ok: z.boolean(), detail: z.string() });
export type SmtpRelayTest = z.infer<typeof smtpRelayTestSchema>;
