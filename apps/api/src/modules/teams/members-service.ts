import type { TeamCard, TeamMember, TeamMemberRemoveBody, TeamMembersQuery, TeamMemberUpdateBody } from '@enlaza/contracts';
import { AppError } from '../../lib/errors.js';
import type { Actor } from '../../platform/actor.js';
import { afterAccess, type RequireAccess } from '../../platform/access.js';
import type { AccountDirectory } from '../account/index.js';
import { teamCardProfiles } from '../profiles/index.js';
import { handOverCards } from './hand-over.js';
import type { TeamCardsRepository } from './cards-repository.js';
import { cardPath, type TeamContext } from './context.js';
import type { JoinActor } from './joining.js';
import { personOnCard } from './locks.js';
import type { TeamsRepository } from './repository.js';

type Deps = {
  repo: TeamsRepository;
  cards: TeamCardsRepository;
  context: TeamContext;
  requireAccess: RequireAccess;
  accounts: Pick<AccountDirectory, 'contact'>;
};

const iso = (value: Date | string | null) => (value ? new Date(value).toISOString() : null);

/** Members, their roles and cards: offboarding keeps the card with the team, reassigning hands it to someone else. */
export function createMembersService({ repo, cards, context, requireAccess, accounts }: Deps) {
  /** A member of the actor's team (404 for anyone else) who is still active (409 otherwise). */
  async function activeMember(teamId: string, actor: Actor, userId: string) {
    await requireAccess(actor, 'team_member', userId);
    const member = afterAccess(await repo.member(teamId, userId));
    if (member.status !== 'active') throw new AppError('team.member_inactive');
    return member;
  }

  return {
    async list(actor: Actor, query: TeamMembersQuery): Promise<TeamMember[]> {
      const { team } = await context.teamOf(actor, 'manager');
      const rows = await repo.members(team.id, query.status);
      return rows.map((r) => ({
        userId: r.member.userId,
        name: r.name,
        email: r.email,
        role: r.member.role,
        jobTitle: r.member.jobTitle,
        phone: r.member.phone,
        status: r.member.status,
        joinedAt: r.member.joinedAt.toISOString(),
        removedAt: iso(r.member.removedAt),
        card: r.cardId && r.cardStatus ? { id: r.cardId, status: r.cardStatus, publicPath: cardPath(team.alias, r.cardId) } : null,
        lastActivityAt: iso(r.lastSeenAt),
      }));
    },

    /** Role (admin or member) and the job title and phone the team keeps for them; the owner's role does not change. */
    async update(actor: Actor, userId: string, patch: TeamMemberUpdateBody): Promise<TeamMember> {
      const { team } = await context.teamOf(actor, 'manager');
      const member = await activeMember(team.id, actor, userId);
      if (patch.role && member.role === 'owner') throw new AppError('team.owner_role');
      const next = { role: patch.role ?? member.role, jobTitle: patch.jobTitle ?? member.jobTitle, phone: patch.phone ?? member.phone };
      if (patch.jobTitle === null) next.jobTitle = null;
      if (patch.phone === null) next.phone = null;
      await repo.updateMember(team.id, userId, next);
      const { name } = await accounts.contact(userId);
      await context.record('team.member_updated', {
        actor,
        target: { type: 'user', id: userId },
        before: { name, role: member.role, jobTitle: member.jobTitle, phone: member.phone },
        after: { name, ...next },
      });
      const [row] = (await this.list(actor, { status: 'all' })).filter((m) => m.userId === userId);
      return afterAccess(row);
    },

    /**
     * Takes a member out of the team: their personal account stays as it is; their team card stays with
     * the team, unassigned (published, held by the owner, its messages with it) or retired (taken offline).
     */
    async remove(actor: Actor, userId: string, { card }: TeamMemberRemoveBody): Promise<void> {
      const { team } = await context.teamOf(actor, 'manager');
      await activeMember(team.id, actor, userId);
      await this.offboard({ teamId: team.id, userId, card, actor });
    },

    /**
     * The offboarding itself, for a manual removal and for SCIM's deactivation or deletion (`actor:
     * null`, `via` the token): the member's row `removed`, their card kept (unassigned) or retired at
     * the same link, the seat count's event and the history, in one transaction. The owner cannot be
     * removed (409 `team.owner_role`), nor a member who is not active (409 `team.member_inactive`).
     */
    async offboard(change: { teamId: string; userId: string; card: TeamMemberRemoveBody['card'] } & JoinActor): Promise<void> {
      const { teamId, userId, card } = change;
      const member = await repo.member(teamId, userId);
      if (!member || member.status !== 'active') throw new AppError('team.member_inactive');
      if (member.role === 'owner') throw new AppError('team.owner_role');
      const { name } = await accounts.contact(userId);
      await repo.transaction(async (tx) => {
        const ownerId = await repo.ownerOf(teamId, tx);
        const who = change.actor ? { actor: change.actor } : { actor: null, userId: ownerId };
        const via = change.actor ? {} : { via: change.via };
        await repo.removeMember(tx, teamId, userId);
        const held = await cards.assignedTo(teamId, userId, tx);
        if (held) {
          const status = card === 'retire' ? 'retired' : 'unassigned';
          await handOverCards(tx, cards, { teamId, profileIds: [held.profileId], holderId: ownerId, status });
          if (card === 'retire')
            await context.record(
              'team.card_retired',
              {
                ...who,
                target: { type: 'profile', id: held.profileId },
                before: { name, status: 'assigned' },
                after: { name, status, ...via },
              },
              tx,
            );
        }
        await context.membersChanged(tx, teamId, ownerId);
        await context.record(
          'team.member_removed',
          {
            ...who,
            target: { type: 'user', id: userId },
            before: { name, role: member.role, status: 'active' },
            after: { name, status: 'removed', card, ...via },
          },
          tx,
        );
      });
    },

    /** The team's cards, with whom each is assigned to. */
    async cards(actor: Actor): Promise<TeamCard[]> {
      const { team } = await context.teamOf(actor, 'manager');
      const [rows, profiles] = await Promise.all([cards.list(team.id), teamCardProfiles(repo.db, team.id)]);
      const names = new Map(profiles.map((p) => [p.id, p]));
      return rows.map(({ card, memberName }) => ({
        id: card.profileId,
        name: names.get(card.profileId)?.name ?? '',
        status: card.status,
        member: card.memberUserId && memberName ? { userId: card.memberUserId, name: memberName } : null,
        publicPath: cardPath(team.alias, card.profileId),
        updatedAt: card.updatedAt.toISOString(),
      }));
    },

    /**
     * Hands an unassigned or retired card to an active member: same id, so the same link and QR; the
     * member becomes its holder (its messages and the new ones reach them), their name and contact
     * replace the previous person's, and it is published again. A member has one team card: the one
     * they held goes back to the team, unassigned. The previous member's own account is not touched.
     */
    async assign(actor: Actor, profileId: string, userId: string): Promise<TeamCard> {
      const { team } = await context.teamOf(actor, 'manager');
      await requireAccess(actor, 'team_card', profileId);
      const member = await activeMember(team.id, actor, userId);
      const contact = await accounts.contact(userId);
      await repo.transaction(async (tx) => {
        const card = afterAccess(await cards.find(team.id, profileId, tx));
        if (card.status === 'assigned') throw new AppError('team.card_not_assignable');
        const previous = await cards.assignedTo(team.id, userId, tx);
        if (previous) {
          const ownerId = await repo.ownerOf(team.id, tx);
          await handOverCards(tx, cards, { teamId: team.id, profileIds: [previous.profileId], holderId: ownerId, status: 'unassigned' });
        }
        const person = personOnCard(
          { name: contact.name, email: contact.email, jobTitle: member.jobTitle, phone: member.phone },
          contact.locale ?? actor.locale,
        );
        await handOverCards(tx, cards, { teamId: team.id, profileIds: [profileId], holderId: userId, status: 'assigned', person });
        await context.record(
          'team.card_reassigned',
          {
            actor,
            target: { type: 'profile', id: profileId },
            before: { name: person.name, status: card.status },
            after: { name: person.name, status: 'assigned', member: contact.name },
          },
          tx,
        );
      });
      const [answer] = (await this.cards(actor)).filter((c) => c.id === profileId);
      return afterAccess(answer);
    },
  };
}

export type MembersService = ReturnType<typeof createMembersService>;
