import { eq, inArray } from 'drizzle-orm';
import { teamTemplateLocksSchema, type TeamTemplate } from '@enlaza/contracts';
import type { Database, Transaction } from '../../db/client.js';
import { teamCards, teams, teamTemplates } from './schema.js';
import type { TemplateRow } from './template-repository.js';

// What a team card answers to its template, for the profiles module (which refuses an edit of a locked
// field and shows the team on the card). It imports nothing of profiles, so profiles may read it.

/** The template as the API answers it (a lock never saved is `editable`). */
export function templateOf(row: TemplateRow): TeamTemplate {
  return {
    values: {
      company: row.company,
      logoFileId: row.logoFileId,
      coverFileId: row.coverFileId,
      address: row.address,
      website: row.website,
      theme: row.theme,
      links: row.links,
    },
    locks: teamTemplateLocksSchema.parse(row.locks),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** A team card's team and its team's template. */
export type TeamCardTemplate = { team: { id: string; name: string; alias: string }; template: TeamTemplate };

/** For each of these profiles that is a team card: its team and the team's template, in one query (in the caller's transaction, if any). */
export async function teamCardTemplates(db: Database | Transaction, profileIds: readonly string[]): Promise<Map<string, TeamCardTemplate>> {
  if (profileIds.length === 0) return new Map();
  const rows = await db
    .select({ profileId: teamCards.profileId, team: { id: teams.id, name: teams.name, alias: teams.alias }, template: teamTemplates })
    .from(teamCards)
    .innerJoin(teams, eq(teams.id, teamCards.teamId))
    .innerJoin(teamTemplates, eq(teamTemplates.teamId, teamCards.teamId))
    .where(inArray(teamCards.profileId, [...profileIds]));
  return new Map(rows.map((row) => [row.profileId, { team: row.team, template: templateOf(row.template) }]));
}
