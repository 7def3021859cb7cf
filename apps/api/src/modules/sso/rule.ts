import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { uuidsOf, type AccessKind, type AccessProvider } from '../../platform/access.js';
import type { Services } from '../../platform/modules.js';
import type { SsoRule } from '../auth/index.js';
import { domainOf } from './mapping.js';
import { ssoConnections, ssoDomains, ssoRequests } from './schema.js';

/**
 * "Enforce SSO" (docs/teams.md, "Single sign-on"): an address in a proven domain of a team whose
 * enforcement is on signs in only through the team's identity provider — the password, a passkey, a
 * password reset and a one-time sign-in code are refused (`auth.sso_required`). The team owner's own
 * address is the break-glass account and keeps them. Decided by the address alone (its domain and the
 * owner's address), the same whether or not it has an account.
 */
export function createSsoRule(
  db: Database,
  teams: Pick<Services['teams'], 'repo'>,
  accounts: Pick<Services['accounts'], 'contact'>,
): SsoRule {
  return {
    async required(email: string): Promise<boolean> {
      const [row] = await db
        .select({ teamId: ssoDomains.teamId })
        .from(ssoDomains)
        .innerJoin(ssoConnections, eq(ssoConnections.teamId, ssoDomains.teamId))
        .where(and(eq(ssoDomains.domain, domainOf(email)), eq(ssoDomains.status, 'verified'), eq(ssoConnections.enforced, true)));
      if (!row) return false;
      const owner = await accounts.contact(await teams.repo.ownerOf(row.teamId));
      return owner.email.toLowerCase() !== email.toLowerCase();
    },
  };
}

/** `sso_domain` and `sso_test`: records of the team the actor is an active member of (another team's: 404). */
export function createSsoAccess(db: Database, teams: Pick<Services['teams'], 'repo'>): AccessProvider[] {
  const provider = (kind: AccessKind, table: typeof ssoDomains | typeof ssoRequests): AccessProvider => ({
    kind,
    async accessible(actorId, ids) {
      const valid = uuidsOf(ids);
      const membership = await teams.repo.membershipOf(actorId);
      if (valid.length === 0 || !membership || membership.member.status !== 'active') return new Set();
      const rows = await db
        .select({ id: table.id })
        .from(table)
        .where(and(inArray(table.id, valid), eq(table.teamId, membership.team.id)));
      return new Set(rows.map((r) => r.id));
    },
  });
  return [provider('sso_domain', ssoDomains), provider('sso_test', ssoRequests)];
}
