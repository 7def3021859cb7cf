import {
  TEAM_INVITATION_TTL_DAYS,
  type Locale,
  type TeamImportResult,
  type TeamInvitation,
  type TeamInvitationBody,
  type TeamInvitationStatus,
} from '@enlaza/contracts';
import type { Transaction } from '../../db/client.js';
import { randomToken, sha256 } from '../../lib/crypto.js';
import { renderEmail } from '../../lib/email-templates.js';
import { AppError } from '../../lib/errors.js';
import { translate } from '../../lib/i18n.js';
import type { Actor } from '../../platform/actor.js';
import { afterAccess, type RequireAccess } from '../../platform/access.js';
import type { Mailer } from '../../platform/mailer.js';
import type { AccountDirectory } from '../account/index.js';
import type { TeamContext } from './context.js';
import { readInvitationCsv } from './csv-import.js';
import type { InvitationRow, InvitationsRepository } from './invitations-repository.js';
import type { Membership, TeamsRepository } from './repository.js';
import type { AdmitMember } from './joining.js';
import { createInvitationAcceptance } from './invitation-acceptance.js';

type Deps = {
  repo: TeamsRepository;
  invitations: InvitationsRepository;
  context: TeamContext;
  requireAccess: RequireAccess;
  accounts: Pick<AccountDirectory, 'contact' | 'localeOfEmail'>;
  mailer: Mailer;
  admit: AdmitMember;
  publicUrl: string;
  now: () => Date;
};

const DAY = 24 * 60 * 60 * 1000;

/** Invite by email (one, or a CSV), resend, revoke; the invitee sees the invitation and accepts it signed in. */
export function createInvitationsService(deps: Deps) {
  const { repo, invitations, context, requireAccess, accounts, mailer, publicUrl, now } = deps;

  const statusOf = (row: InvitationRow): TeamInvitationStatus =>
    row.status === 'pending' && row.expiresAt.getTime() <= now().getTime() ? 'expired' : row.status;

  type Inviter = { name: string; locale: Locale };
  /** Who invites, as the email names them, and their language: the invitee's best guess (read before a transaction). */
  async function inviterOf(actor: Actor): Promise<Inviter> {
    const contact = await accounts.contact(actor.id);
    return { name: contact.name, locale: contact.locale ?? actor.locale };
  }

  /**
   * The invitation's email with its token (only the token's hash is kept), sent with `tx`: in the
   * invitee's language when the address is an account's, else in the inviter's.
   */
  async function sendInvitation(tx: Transaction, inviter: Inviter, team: Membership['team'], row: InvitationRow, token: string) {
    const locale = (await accounts.localeOfEmail(row.email, tx)) ?? inviter.locale;
    const email = renderEmail(locale, 'team_invitation', {
      name: row.name,
      email: row.email,
      link: `${publicUrl}/user/equipo/unirse/${token}`,
      vars: { team: team.name, inviter: inviter.name },
    });
    await mailer.send({ to: row.email, userId: null, kind: 'system', ...email }, { tx });
  }

  const newToken = () => {
    const token = randomToken();
    return { token, tokenHash: sha256(token), expiresAt: new Date(now().getTime() + TEAM_INVITATION_TTL_DAYS * DAY) };
  };

  /** Refuses an address already in the team (active) or already invited and still pending. */
  async function refusal(team: Membership['team'], email: string): Promise<'team.email_is_member' | 'team.invitation_pending' | null> {
    if (await repo.activeMemberWithEmail(team.id, email)) return 'team.email_is_member';
    if (await invitations.pendingFor(team.id, email)) return 'team.invitation_pending';
    return null;
  }

  async function invite(actor: Actor, team: Membership['team'], body: TeamInvitationBody): Promise<InvitationRow> {
    const refused = await refusal(team, body.email);
    if (refused) throw new AppError(refused);
    const { token, tokenHash, expiresAt } = newToken();
    const inviter = await inviterOf(actor);
    return repo.transaction(async (tx) => {
      const row = await invitations.insert(tx, { teamId: team.id, ...body, tokenHash, expiresAt, invitedBy: actor.id });
      await sendInvitation(tx, inviter, team, row, token);
      await context.record(
        'team.member_invited',
        { actor, target: { type: 'team_invitation', id: row.id }, after: { name: row.name, email: row.email, role: row.role } },
        tx,
      );
      return row;
    });
  }

  async function one(actor: Actor, id: string): Promise<TeamInvitation> {
    const [found] = (await list(actor)).filter((i) => i.id === id);
    return afterAccess(found);
  }

  async function list(actor: Actor, status?: TeamInvitationStatus): Promise<TeamInvitation[]> {
    const { team } = await context.teamOf(actor, 'manager');
    const rows = await invitations.list(team.id, status, now());
    return rows.map(({ invitation: i, inviterName, acceptorName }) => ({
      id: i.id,
      email: i.email,
      name: i.name,
      jobTitle: i.jobTitle,
      phone: i.phone,
      role: i.role,
      status: statusOf(i),
      invitedBy: i.invitedBy && inviterName ? { id: i.invitedBy, name: inviterName } : null,
      acceptedBy: i.acceptedBy && acceptorName ? { id: i.acceptedBy, name: acceptorName } : null,
      createdAt: i.createdAt.toISOString(),
      lastSentAt: i.lastSentAt.toISOString(),
      expiresAt: i.expiresAt.toISOString(),
    }));
  }

  /** A pending invitation of the actor's team (404 for another team's), for resend and revoke. */
  async function pending(actor: Actor, id: string) {
    const { team } = await context.teamOf(actor, 'manager');
    await requireAccess(actor, 'team_invitation', id);
    const row = afterAccess(await invitations.find(team.id, id));
    if (row.status !== 'pending') throw new AppError('team.invitation_not_pending');
    return { team, row };
  }

  return {
    list,

    async create(actor: Actor, body: TeamInvitationBody): Promise<TeamInvitation> {
      const { team } = await context.teamOf(actor, 'manager');
      return one(actor, (await invite(actor, team, body)).id);
    },

    /** Each row of the CSV is invited on its own: a refused row (with its line and a translated reason) leaves the others invited. */
    async importCsv(actor: Actor, csv: string, role: TeamInvitationBody['role']): Promise<TeamImportResult> {
      const { team } = await context.teamOf(actor, 'manager');
      const result: TeamImportResult = { invited: 0, refused: 0, rows: [] };
      for (const row of readInvitationCsv(csv)) {
        let code = row.refused ?? (await refusal(team, row.email));
        let invitationId: string | null = null;
        if (!code) {
          try {
            invitationId = (await invite(actor, team, { email: row.email, name: row.name, jobTitle: row.jobTitle, phone: row.phone, role }))
              .id;
          } catch (error) {
            if (!(error instanceof AppError)) throw error;
            code = error.code;
          }
        }
        result[code ? 'refused' : 'invited'] += 1;
        const reason = code ? { code, message: translate(actor.locale, code) } : null;
        result.rows.push({ line: row.line, name: row.name, email: row.email, status: code ? 'refused' : 'invited', reason, invitationId });
      }
      return result;
    },

    /** A new link (the old one stops working) valid 7 days from now, emailed again. */
    async resend(actor: Actor, id: string): Promise<TeamInvitation> {
      const { team, row } = await pending(actor, id);
      const { token, tokenHash, expiresAt } = newToken();
      const inviter = await inviterOf(actor);
      await repo.transaction(async (tx) => {
        const renewed = afterAccess(await invitations.renew(tx, row.id, tokenHash, expiresAt));
        await sendInvitation(tx, inviter, team, renewed, token);
      });
      return one(actor, id);
    },

    async revoke(actor: Actor, id: string): Promise<void> {
      const { row } = await pending(actor, id);
      await repo.transaction(async (tx) => {
        if (!(await invitations.close(tx, row.id, 'revoked'))) throw new AppError('team.invitation_not_pending');
        await context.record(
          'team.invitation_revoked',
          {
            actor,
            target: { type: 'team_invitation', id: row.id },
            before: { name: row.name, email: row.email, status: 'pending' },
            after: { name: row.name, email: row.email, status: 'revoked' },
          },
          tx,
        );
      });
    },

    ...createInvitationAcceptance({ ...deps, statusOf }),
  };
}

export type InvitationsService = ReturnType<typeof createInvitationsService>;
