import { z } from 'zod';

// What cards (profiles.ts) and teams (teams.ts) both name, kept apart so neither file imports the other.

/**
 * The company fields of the team's card template. Each is one field of a card (see
 * TEAM_FIELD_PATHS) whose value the template sets, locked or as a starting value.
 */
export const TEAM_TEMPLATE_FIELDS = ['company', 'logo', 'cover', 'address', 'website', 'theme', 'links'] as const;
export const teamTemplateFieldSchema = z.enum(TEAM_TEMPLATE_FIELDS);
export type TeamTemplateField = z.infer<typeof teamTemplateFieldSchema>;

/**
 * Where each template field lives in a card (`profileSchema`/`profileInputSchema`): the editor shows
 * these read-only when the card's `lockedFields` names the template field. `links` are the first
 * entries of `card.customLinks` (the team's shared links; the member's own follow them).
 */
export const TEAM_FIELD_PATHS = {
  company: 'card.company',
  logo: 'logoFileId',
  cover: 'coverFileId',
  address: 'card.address',
  website: 'card.website',
  theme: 'theme',
  links: 'card.customLinks',
} as const satisfies Record<TeamTemplateField, string>;

/** What a card answers about its team (`profileSchema.team`). */
export const profileTeamSchema = z.object({ id: z.string(), name: z.string() });
