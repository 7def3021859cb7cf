import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import type { RequestOrigin } from '../../lib/request-context.js';
import type { Services } from '../../platform/modules.js';
import { teamFieldSql } from '../teams/index.js';
import type { MappedPerson } from './mapping.js';
import { ssoConnections } from './schema.js';

/**
 * Whom the identity provider vouched for, as an account (decision 0039): the account of that
 * address, else a new verified one (just in time); one in no team joins this team as a member with
 * the card its template gives, through the teams' own joining (seat, history), as an accepted invitation does.
 */
export function createSsoPeople(deps: {
  db: Database;
  teams: Pick<Services['teams'], 'repo' | 'admit'>;
  accounts: Pick<Services['accounts'], 'idOfEmail' | 'contact'>;
  registration: Pick<Services['registration'], 'createVerifiedAccount'>;
}) {
  const { db, teams, accounts, registration } = deps;
  return {
    /** The person's account: the one of that address, else a new verified one; who is in no team joins this one. */
    async personOf(teamId: string, person: MappedPerson & { email: string }, origin: RequestOrigin): Promise<string> {
      const name = [person.givenName, person.familyName].filter(Boolean).join(' ') || person.email.split('@')[0]!;
      const userId =
        (await accounts.idOfEmail(person.email)) ??
        (await registration.createVerifiedAccount({ name, email: person.email, locale: null }, origin));
      if (await teams.repo.membershipOf(userId)) return userId;
      // Removed from this team (by its owner, or by its directory through SCIM): not back in just in
      // time; the owner invites them again, or the directory reactivates them.
      if ((await teams.repo.member(teamId, userId))?.status === 'removed') throw new AppError('sso.member_removed');
      const [team] = await db
        .select({ id: ssoConnections.teamId, name: teamFieldSql(ssoConnections.teamId, 'name') })
        .from(ssoConnections)
        .where(eq(ssoConnections.teamId, teamId));
      if (!team?.name) throw new AppError('sso.not_configured');
      const contact = await accounts.contact(userId);
      const locale = contact.locale ?? 'en';
      await teams.repo.transaction((tx) =>
        teams.admit(tx, {
          team: { id: team.id, name: team.name! },
          person: { userId, name: contact.name, email: contact.email, jobTitle: person.jobTitle, phone: null },
          role: 'member',
          locale,
          actor: { id: userId, role: 'user', locale },
        }),
      );
      return userId;
    },
  };
}
