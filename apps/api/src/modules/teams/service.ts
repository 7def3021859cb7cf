import type { Database } from '../../db/client.js';
import type { RequireAccess } from '../../platform/access.js';
import type { EventBus } from '../../platform/events.js';
import type { Mailer } from '../../platform/mailer.js';
import type { AccountDirectory } from '../account/index.js';
import type { PublicProfileService } from '../public-profile/index.js';
import type { RegistrationService } from '../registration/index.js';
import { createTeamCardsRepository } from './cards-repository.js';
import { createTeamContext } from './context.js';
import { createFiguresService } from './figures-service.js';
import { createInvitationsRepository } from './invitations-repository.js';
import { createInvitationsService } from './invitations-service.js';
import { createJoining } from './joining.js';
import { createMembersService } from './members-service.js';
import { createTeamsRepository } from './repository.js';
import { createCardIssuer, createTeamService } from './team-service.js';
import { createTemplateRepository } from './template-repository.js';
import { createTemplateService } from './template-service.js';

export type TeamsDependencies = {
  db: Database;
  requireAccess: RequireAccess;
  events: Pick<EventBus, 'publish'>;
  mailer: Mailer;
  accounts: Pick<AccountDirectory, 'contact' | 'localeOfEmail'>;
  registration: Pick<RegistrationService, 'checkAlias'>;
  stats: Pick<PublicProfileService, 'dailyFigures'>;
  publicUrl: string;
  timeZone: string;
  now: () => Date;
};

/** Teams: the team, its members and cards, invitations, the card template, figures and leads; each a service of one concern. */
export function createTeamsService(deps: TeamsDependencies) {
  const { db, requireAccess, events, accounts } = deps;
  const repo = createTeamsRepository(db);
  const cards = createTeamCardsRepository(db);
  const templates = createTemplateRepository(db);
  const context = createTeamContext({ repo, requireAccess, events });
  const issueCard = createCardIssuer({ cards, templates });
  const admit = createJoining({ repo, context, issueCard });
  return {
    repo,
    cards,
    context,
    /** Joining a team: the same writes for an accepted invitation, SCIM and single sign-on (joining.ts). */
    admit,
    team: createTeamService({ repo, cards, templates, context, requireAccess, registration: deps.registration, accounts }),
    members: createMembersService({ repo, cards, context, requireAccess, accounts }),
    invitations: createInvitationsService({
      repo,
      invitations: createInvitationsRepository(db),
      context,
      requireAccess,
      accounts,
      mailer: deps.mailer,
      admit,
      publicUrl: deps.publicUrl,
      now: deps.now,
    }),
    template: createTemplateService({ repo, templates, context, requireAccess }),
    figures: createFiguresService({ db, cards, context, stats: deps.stats, timeZone: deps.timeZone }),
  };
}

export type TeamsService = ReturnType<typeof createTeamsService>;
