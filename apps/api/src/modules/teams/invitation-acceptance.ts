import type { PublicTeamInvitation, TeamInvitationStatus } from '@enlaza/contracts';
import { sha256 } from '../../lib/crypto.js';
import { AppError } from '../../lib/errors.js';
import type { Actor } from '../../platform/actor.js';
import type { AccountDirectory } from '../account/index.js';
import type { AdmitMember } from './joining.js';
import type { InvitationRow, InvitationsRepository } from './invitations-repository.js';
import type { TeamsRepository } from './repository.js';

type Deps = {
  repo: TeamsRepository;
  invitations: InvitationsRepository;
  accounts: Pick<AccountDirectory, 'contact'>;
  admit: AdmitMember;
  statusOf: (row: InvitationRow) => TeamInvitationStatus;
};

/** The invitee's side: what a link shows before signing in, and joining with the account signed in. */
export function createInvitationAcceptance(deps: Deps) {
  const { repo, invitations, accounts, admit, statusOf } = deps;

  /** The invitation a token opens: 404 when unknown, revoked or used. */
  async function byToken(token: string) {
    const found = token.length >= 10 && token.length <= 200 ? await invitations.byToken(sha256(token)) : undefined;
    if (!found || found.invitation.status !== 'pending') throw new AppError('team.invitation_invalid');
    return found;
  }

  return {
    /** What the invitee sees before accepting (no sign-in needed). */
    async view(token: string): Promise<PublicTeamInvitation> {
      const { invitation: i, team, inviterName } = await byToken(token);
      return {
        team: { name: team.name, alias: team.alias },
        inviter: inviterName ? { name: inviterName } : null,
        email: i.email,
        name: i.name,
        role: i.role,
        expired: statusOf(i) === 'expired',
        expiresAt: i.expiresAt.toISOString(),
      };
    },

    /**
     * Joins the team with the account signed in, whose email must be the invitation's: membership, and the
     * member's card from the template filled from the invitation (name, job title, phone, email).
     */
    async accept(actor: Actor, token: string): Promise<{ teamId: string; cardId: string }> {
      const { invitation, team } = await byToken(token);
      if (statusOf(invitation) === 'expired') throw new AppError('team.invitation_expired');
      const me = await accounts.contact(actor.id);
      if (me.email.toLowerCase() !== invitation.email) throw new AppError('team.invitation_email_mismatch');
      if (await repo.membershipOf(actor.id)) throw new AppError('team.already_member');
      return repo.transaction(async (tx) => {
        if (!(await invitations.close(tx, invitation.id, 'accepted', actor.id))) throw new AppError('team.invitation_invalid');
        const { jobTitle, phone, role } = invitation;
        const person = { userId: actor.id, name: invitation.name, email: me.email, jobTitle, phone };
        const { cardId } = await admit(tx, { team, person, role, locale: me.locale ?? actor.locale, actor });
        return { teamId: team.id, cardId };
      });
    },
  };
}
