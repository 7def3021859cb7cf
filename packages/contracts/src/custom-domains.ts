import { z } from 'zod';

/**
 * Custom domains (docs/custom-domains.md): a card, a tag or a team's directory served at a host its
 * owner controls (`cards.acme.com`), once the owner has published two DNS records and the check
 * found them. How many an owner may hold is their plan's `customDomains` (0: none).
 */

/** A host name: labels of letters, digits and hyphens, at least two, a final label of letters (IDNs in their `xn--` form). */
const HOST_NAME = /^(?=.{4,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+([a-z]{2,63}|xn--[a-z0-9-]{1,59})$/;

export const customDomainHostSchema = z
  .string()
  .trim()
  .toLowerCase()
  .transform((v) => v.replace(/\.$/, ''))
  .pipe(z.string().regex(HOST_NAME, { error: 'validation.domain_name' }));

/** Add a domain for one of the owner's cards or tags (`profileId`) or for their team's directory (`teamId`): exactly one. */
export const createCustomDomainBodySchema = z
  .object({ host: customDomainHostSchema, profileId: z.uuid().optional(), teamId: z.uuid().optional() })
  .refine((b) => (b.profileId === undefined) !== (b.teamId === undefined), {
    error: 'validation.one_target',
    path: ['profileId'],
  });
export type CreateCustomDomainBody = z.infer<typeof createCustomDomainBodySchema>;

export const customDomainIdParamsSchema = z.object({ id: z.uuid() });

/**
 * A record to publish and what the last check found. `ownership`: TXT at `_enlaza.<host>` holding
 * the domain's token (proves the owner controls the name); `cname`: the host itself a CNAME to our
 * servers (CUSTOM_DOMAIN_TARGET), so visitors reach us.
 */
export const customDomainRecordSchema = z.object({
  kind: z.enum(['ownership', 'cname']),
  type: z.enum(['TXT', 'CNAME']),
  name: z.string(),
  value: z.string(),
  status: z.enum(['unchecked', 'found', 'missing', 'mismatch']),
  seen: z.array(z.string()),
});
export type CustomDomainRecord = z.infer<typeof customDomainRecordSchema>;

export const customDomainSchema = z.object({
  id: z.string(),
  host: z.string(),
  /** What it serves: a card or tag of the owner, or their team's directory. */
  target: z.object({ kind: z.enum(['profile', 'team']), id: z.string(), name: z.string() }),
  /** `pending`: not verified yet; `verified`: serving; `failed`: verified once, its records went away (not serving). */
  status: z.enum(['pending', 'verified', 'failed']),
  records: z.array(customDomainRecordSchema),
  /** `https://<host>/`: the address links and QR codes use once it is verified. */
  url: z.string(),
  checkedAt: z.string().nullable(),
  verifiedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type CustomDomain = z.infer<typeof customDomainSchema>;

/** The owner's domains and how many their plan allows. */
export const customDomainListSchema = z.object({ domains: z.array(customDomainSchema), limit: z.number().int() });
export type CustomDomainList = z.infer<typeof customDomainListSchema>;
