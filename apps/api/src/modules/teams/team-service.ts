import type { Locale, MyTeam, Team, TeamBody } from '@enlaza/contracts';
import type { Transaction } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import type { Actor } from '../../platform/actor.js';
import type { RequireAccess } from '../../platform/access.js';
import type { AccountDirectory } from '../account/index.js';
import { insertTeamCard } from '../profiles/index.js';
import type { RegistrationService } from '../registration/index.js';
import type { TeamCardsRepository } from './cards-repository.js';
import { toTeam, type TeamContext } from './context.js';
import { templateOf } from './card-templates.js';
import { cardFromTemplate } from './locks.js';
import { activeMemberCount } from './query-pieces.js';
import type { TeamRow, TeamsRepository } from './repository.js';
import type { TemplateRepository } from './template-repository.js';

export type Person = { userId: string; name: string; email: string; jobTitle: string | null; phone: string | null };

type Deps = {
  repo: TeamsRepository;
  cards: TeamCardsRepository;
  templates: TemplateRepository;
  context: TeamContext;
  requireAccess: RequireAccess;
  registration: Pick<RegistrationService, 'checkAlias'>;
  accounts: Pick<AccountDirectory, 'contact'>;
};

/** A member's team card, made from the team's template and filled with the person's own fields. */
export function createCardIssuer({ cards, templates }: Pick<Deps, 'cards' | 'templates'>) {
  return async function issueCard(tx: Transaction, teamId: string, person: Person, locale: Locale): Promise<string> {
    const row = await templates.find(teamId, tx);
    if (!row) throw new Error(`team ${teamId} has no template`);
    const values = cardFromTemplate(templateOf(row), person, locale);
    const profileId = await insertTeamCard(tx, { holderId: person.userId, teamId, ...values });
    await cards.insert(tx, { profileId, teamId, memberUserId: person.userId });
    return profileId;
  };
}

/** The team itself: create, read, change, delete, and its public directory switch. */
export function createTeamService(deps: Deps) {
  const { repo, cards, context, requireAccess, registration, accounts } = deps;
  const issueCard = createCardIssuer(deps);

  /** An alias no user and no other team holds (current or old); the team's own, current or old, it may keep or take back. */
  async function requireFreeAlias(alias: string, team?: TeamRow): Promise<void> {
    if (team && (alias === team.alias || (await repo.oldAliasTeam(alias)) === team.id)) return;
    const check = await registration.checkAlias({ alias });
    if (!check.available) {
      const suggestion = check.suggestion;
      throw new AppError('account.alias_taken', { suggestion }, { alias: [{ code: 'validation.alias_taken', params: { suggestion } }] });
    }
  }

  /** The logo and cover must be files of the actor's cloud (404 otherwise), unless the team already shows them. */
  async function requireFiles(actor: Actor, body: TeamBody, team?: TeamRow): Promise<void> {
    const kept = new Set([team?.logoFileId, team?.coverFileId]);
    await requireAccess(
      actor,
      'file',
      [body.logoFileId, body.coverFileId].filter((id): id is string => Boolean(id) && !kept.has(id)),
    );
  }

  const valuesOf = (body: TeamBody) => ({
    name: body.name,
    alias: body.alias,
    logoFileId: body.logoFileId,
    coverFileId: body.coverFileId,
    color: body.color,
    address: body.address,
    website: body.website,
  });
  const summary = (team: Pick<TeamRow, 'name' | 'alias'>) => ({ name: team.name, alias: team.alias });

  return {
    /** The actor's team and role, or null; `cardId` is the team card assigned to them. */
    async mine(actor: Actor): Promise<MyTeam> {
      const membership = await repo.membershipOf(actor.id);
      if (!membership) return null;
      const [count, card] = await Promise.all([
        activeMemberCount(repo.db, membership.team.id),
        cards.assignedTo(membership.team.id, actor.id),
      ]);
      return { team: toTeam(membership.team, count), role: membership.member.role, cardId: card?.profileId ?? null };
    },

    /** A new team owned by the actor, with its template from the team's fields and the owner's own team card. */
    async create(actor: Actor, body: TeamBody): Promise<MyTeam> {
      if (await repo.membershipOf(actor.id)) throw new AppError('team.already_member');
      await requireFiles(actor, body);
      await requireFreeAlias(body.alias);
      const owner = await accounts.contact(actor.id);
      await repo.transaction(async (tx) => {
        const team = await repo.insertTeam(tx, valuesOf(body), actor.id);
        await repo.joinTeam(tx, { teamId: team.id, userId: actor.id, role: 'owner', jobTitle: null, phone: null });
        await issueCard(
          tx,
          team.id,
          { userId: actor.id, name: owner.name, email: owner.email, jobTitle: null, phone: null },
          owner.locale ?? actor.locale,
        );
        await context.membersChanged(tx, team.id, actor.id);
        await context.record('team.created', { actor, target: { type: 'team', id: team.id }, after: summary(team) }, tx);
      });
      return this.mine(actor);
    },

    /** The owner changes the team's name, alias (the old one keeps redirecting), logo, cover, colour, address or website. */
    async update(actor: Actor, body: TeamBody): Promise<Team> {
      const { team } = await context.teamOf(actor, 'owner');
      await requireFiles(actor, body, team);
      await requireFreeAlias(body.alias, team);
      const updated = await repo.transaction(async (tx) => {
        const row = await repo.updateTeam(tx, team, valuesOf(body));
        await context.record(
          'team.updated',
          { actor, target: { type: 'team', id: team.id }, before: valuesOf({ ...team }), after: valuesOf(body) },
          tx,
        );
        return row;
      });
      return toTeam(updated, await activeMemberCount(repo.db, team.id));
    },

    /** The public directory `/link/{alias}` on or off (owner or admin). */
    async setDirectory(actor: Actor, enabled: boolean): Promise<Team> {
      const { team } = await context.teamOf(actor, 'manager');
      if (team.directoryEnabled !== enabled) {
        await repo.setDirectory(team.id, enabled);
        await context.record('team.updated', {
          actor,
          target: { type: 'team', id: team.id },
          before: { name: team.name, directoryEnabled: team.directoryEnabled },
          after: { name: team.name, directoryEnabled: enabled },
        });
      }
      return toTeam({ ...team, directoryEnabled: enabled }, await activeMemberCount(repo.db, team.id));
    },

    /** The owner deletes the team once nobody else is in it; its cards stay with whoever holds them, as personal cards. */
    async remove(actor: Actor): Promise<void> {
      const { team } = await context.teamOf(actor, 'owner');
      await repo.transaction(async (tx) => {
        if ((await activeMemberCount(tx, team.id)) > 1) throw new AppError('team.not_empty');
        await repo.deleteTeam(tx, team.id);
        await context.membersChanged(tx, team.id, actor.id, true);
        await context.record('team.deleted', { actor, target: { type: 'team', id: team.id }, before: summary(team) }, tx);
      });
    },
  };
}

export type TeamService = ReturnType<typeof createTeamService>;
