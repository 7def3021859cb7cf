import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { userPiece } from '../account/index.js';
import { liveProfilePiece, storedCard } from '../profiles/index.js';
import type { TeamDirectoryLoader } from '../public-profile/index.js';
import { cardPath } from './context.js';
import type { TeamsRepository } from './repository.js';
import { teamCards } from './schema.js';

/**
 * `/link/{team-alias}`: the team's assigned cards that are public and whose holder's account is active,
 * in the order they joined; an old alias redirects; a team with its directory off is not available.
 */
export function createDirectoryLoader(db: Database, repo: TeamsRepository): TeamDirectoryLoader {
  return async (alias) => {
    const found = await repo.teamOfAlias(alias);
    if (!found) return null;
    const { team } = found;
    if (!found.current) return { redirect: `/link/${team.alias}` };
    if (!team.directoryEnabled) return null;
    const card = liveProfilePiece('directory_card');
    const holder = userPiece('directory_holder');
    const rows = await db
      .select({ id: card.id, name: card.name, card: card.card, photoFileId: card.photoFileId })
      .from(teamCards)
      .innerJoin(card, eq(card.id, teamCards.profileId))
      .innerJoin(holder, eq(holder.id, card.userId))
      .where(
        and(eq(teamCards.teamId, team.id), eq(teamCards.status, 'assigned'), eq(card.visibility, 'public'), eq(holder.status, 'active')),
      )
      .orderBy(asc(teamCards.updatedAt), asc(card.id));
    return {
      team: { name: team.name, alias: team.alias, color: team.color },
      members: rows.map((row) => {
        const path = cardPath(team.alias, row.id);
        return {
          name: row.name,
          jobTitle: storedCard(row.name, row.card).jobTitle,
          photoUrl: row.photoFileId ? `/api/public${path}/photo?v=${row.photoFileId.slice(0, 8)}&w=112&f=webp` : null,
          path,
        };
      }),
    };
  };
}
