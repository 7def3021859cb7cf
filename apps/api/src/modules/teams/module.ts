/** Teams: a company issues cards to its people, keeps its brand locked on them, and takes a card back when someone leaves. */
import { defineModule } from '../../platform/modules.js';
import { createTeamsAccess } from './access.js';
import { createDirectoryLoader } from './directory.js';
import { teamRoutes } from './routes.js';
import { createTeamsService, type TeamsService } from './service.js';
import { createTeamsUserData } from './user-data.js';

declare module '../../platform/modules.js' {
  interface Services {
    teams: TeamsService;
  }
}

export const teamsModule = defineModule({
  name: 'teams',
  // Teams share the users' aliases (`/link/{alias}`) and have a public directory there.
  provides: ['teamAliases', 'teamDirectory'],
  build({ db, config, clock, mailer, events, registries, services: { accounts, registration, publicProfiles } }) {
    const teams = createTeamsService({
      db,
      requireAccess: registries.access.requireAccess,
      events,
      mailer,
      accounts,
      registration,
      stats: publicProfiles,
      publicUrl: config.publicUrl,
      timeZone: config.sellerTimeZone,
      now: () => clock.now(),
    });
    return {
      services: { teams },
      hooks: {
        teamAliases: { taken: (alias) => teams.repo.aliasTaken(alias), startingWith: (prefix) => teams.repo.aliasesStartingWith(prefix) },
        teamDirectory: createDirectoryLoader(db, teams.repo),
      },
      access: createTeamsAccess(db),
      userData: [createTeamsUserData(db, teams)],
    };
  },
  async register(api, { services: { teams } }) {
    await api.register(teamRoutes, { teams });
  },
});
