/** SCIM 2.0 provisioning of a team (docs/teams.md, "Provisioning with SCIM"; decision 0040): `/scim/v2` for its identity provider, `/api/team/scim` for its owner. */
import { and, eq, inArray } from 'drizzle-orm';
import { defineModule } from '../../platform/modules.js';
import { uuidsOf, type AccessProvider } from '../../platform/access.js';
import type { Database } from '../../db/client.js';
import { teamMembershipPiece } from '../teams/index.js';
import { createScimGroups } from './groups.js';
import { createScimManagement, type ScimManagement } from './management.js';
import { registerScimProtocol } from './protocol.js';
import { createScimRepository } from './repository.js';
import { scimSettingsRoutes } from './routes.js';
import { scimTokens } from './schema.js';
import { createScimUserData } from './user-data.js';
import { createScimUsers } from './users.js';

declare module '../../platform/modules.js' {
  interface Services {
    scim: ScimManagement;
  }
}

/** A SCIM token of the team the actor is an active member of (another team's: 404). */
const tokenAccess = (db: Database): AccessProvider => ({
  kind: 'scim_token',
  async accessible(actorId, ids) {
    const valid = uuidsOf(ids);
    if (valid.length === 0) return new Set();
    const membership = teamMembershipPiece('membership');
    const [mine] = await db.select({ teamId: membership.teamId }).from(membership).where(eq(membership.userId, actorId));
    if (!mine) return new Set();
    const rows = await db
      .select({ id: scimTokens.id })
      .from(scimTokens)
      .where(and(inArray(scimTokens.id, valid), eq(scimTokens.teamId, mine.teamId)));
    return new Set(rows.map((r) => r.id));
  },
});

export const scimModule = defineModule({
  name: 'scim',
  build({ db, config, limiter, registries, services: { teams, auth, accounts, registration } }) {
    const repo = createScimRepository(db);
    const management = createScimManagement({ repo, teams, requireAccess: registries.access.requireAccess, publicUrl: config.publicUrl });
    const users = createScimUsers({ db, repo, teams, accounts, auth, registration });
    const groups = createScimGroups({ repo, teams });
    return {
      services: { scim: management },
      access: [tokenAccess(db)],
      userData: [createScimUserData(db)],
      root: (app) => registerScimProtocol(app, { users, groups, repo, limiter, publicUrl: config.publicUrl }),
    };
  },
  async register(api, { services: { scim } }) {
    await api.register(scimSettingsRoutes, { management: scim });
  },
});
