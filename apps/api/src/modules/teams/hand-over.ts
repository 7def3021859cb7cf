import type { Transaction } from '../../db/client.js';
import { moveMessagesTo } from '../mailbox/index.js';
import { setTeamCardHolder } from '../profiles/index.js';
import { movePostsTo } from '../walls/index.js';
import type { TeamCardsRepository } from './cards-repository.js';

type HandOver = {
  teamId: string;
  profileIds: string[];
  /** The new holder: a member it is assigned to, else the team's owner. */
  holderId: string;
  status: 'assigned' | 'unassigned' | 'retired';
  /** A reassigned card's new person (their name and contact replace the previous one's). */
  person?: { name: string; card: Record<string, unknown> };
};

/**
 * Team cards change hands in one transaction: the card (its holder, published or retired), its
 * messages (the holder reads them; new ones reach them), its wall's posts and the team's record of whose it is.
 */
export async function handOverCards(tx: Transaction, cards: TeamCardsRepository, change: HandOver): Promise<void> {
  const { teamId, profileIds, holderId, status, person } = change;
  if (profileIds.length === 0) return;
  const visibility = status === 'retired' ? 'private' : status === 'assigned' ? 'public' : undefined;
  await setTeamCardHolder(tx, teamId, profileIds, holderId, { ...(visibility ? { visibility } : {}), ...(person ? { person } : {}) });
  await moveMessagesTo(tx, profileIds, holderId);
  await movePostsTo(tx, profileIds, holderId);
  await cards.set(tx, profileIds, { memberUserId: status === 'assigned' ? holderId : null, status });
}
