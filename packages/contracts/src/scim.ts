import { z } from 'zod';

/**
 * SCIM provisioning of a team (docs/teams.md, "Provisioning with SCIM"): the owner makes bearer
 * tokens for the team's identity provider (Okta, Entra ID), each shown once; the provider then
 * creates, changes and deactivates the team's members at `/scim/v2`.
 */

/** What deactivating (or deleting) a member through SCIM does with their card: kept at its link, unassigned, or retired. */
export const scimCardChoiceSchema = z.enum(['keep', 'retire']);
export type ScimCardChoice = z.infer<typeof scimCardChoiceSchema>;

export const SCIM_TOKEN_PREFIX = 'enlaza_scim_';
/** Live (not revoked) tokens a team may hold at once: one per identity provider, and one more while rotating. */
export const SCIM_TOKENS_PER_TEAM = 5;

export const scimTokenSchema = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
  createdBy: z.string().nullable(),
});
export type ScimToken = z.infer<typeof scimTokenSchema>;

/** The token itself is in this answer only. */
export const createdScimTokenSchema = scimTokenSchema.extend({ token: z.string() });
export type CreatedScimToken = z.infer<typeof createdScimTokenSchema>;

export const scimCallSchema = z.object({
  method: z.string(),
  path: z.string(),
  status: z.number().int(),
  at: z.string(),
  tokenName: z.string().nullable(),
});
export type ScimCall = z.infer<typeof scimCallSchema>;

/** The team's SCIM settings screen: the base URL to paste, the deactivation choice, tokens, last calls, and how many Users and Groups SCIM knows. */
export const scimOverviewSchema = z.object({
  /** The viewer's role: the owner changes the settings, an admin sees them. */
  role: z.enum(['owner', 'admin']),
  baseUrl: z.string(),
  cardOnDeactivation: scimCardChoiceSchema,
  tokens: z.array(scimTokenSchema),
  calls: z.array(scimCallSchema),
  users: z.number().int(),
  groups: z.number().int(),
});
export type ScimOverview = z.infer<typeof scimOverviewSchema>;

export const createScimTokenBodySchema = z.object({ name: z.string().trim().min(1).max(60) });
export type CreateScimTokenBody = z.infer<typeof createScimTokenBodySchema>;

export const scimSettingsBodySchema = z.object({ cardOnDeactivation: scimCardChoiceSchema });
export type ScimSettingsBody = z.infer<typeof scimSettingsBodySchema>;

export const scimTokenIdParamsSchema = z.object({ id: z.uuid() });
