import { and, desc, eq, gt, lte, sql, type SQL } from 'drizzle-orm';
import type { TeamInvitationStatus } from '@enlaza/contracts';
import type { Database, Transaction } from '../../db/client.js';
import { userNameSql } from '../account/index.js';
import { teamInvitations, teams } from './schema.js';

export type InvitationRow = typeof teamInvitations.$inferSelect;
export type NewInvitation = Pick<
  InvitationRow,
  'teamId' | 'email' | 'name' | 'jobTitle' | 'phone' | 'role' | 'tokenHash' | 'expiresAt' | 'invitedBy'
>;

/** The stored state of a status the API names (`expired` is a pending invitation past its date). */
function statusIs(status: TeamInvitationStatus, now: Date): SQL | undefined {
  if (status === 'expired') return and(eq(teamInvitations.status, 'pending'), lte(teamInvitations.expiresAt, now));
  if (status === 'pending') return and(eq(teamInvitations.status, 'pending'), gt(teamInvitations.expiresAt, now));
  return eq(teamInvitations.status, status);
}

/** Invitations to join a team (only the token's hash is stored). */
export function createInvitationsRepository(db: Database) {
  return {
    /** The team's invitations, newest first, with who sent and who accepted each. */
    async list(teamId: string, status: TeamInvitationStatus | undefined, now: Date) {
      return db
        .select({
          invitation: teamInvitations,
          inviterName: userNameSql(teamInvitations.invitedBy),
          acceptorName: userNameSql(teamInvitations.acceptedBy),
        })
        .from(teamInvitations)
        .where(and(eq(teamInvitations.teamId, teamId), status ? statusIs(status, now) : undefined))
        .orderBy(desc(teamInvitations.createdAt), desc(teamInvitations.id))
        .limit(1000);
    },

    async find(teamId: string, id: string, tx: Database | Transaction = db): Promise<InvitationRow | undefined> {
      const [row] = await tx
        .select()
        .from(teamInvitations)
        .where(and(eq(teamInvitations.teamId, teamId), eq(teamInvitations.id, id)));
      return row;
    },

    /** The invitation a token opens, with its team and who sent it. */
    async byToken(tokenHash: string, tx: Database | Transaction = db) {
      const [row] = await tx
        .select({
          invitation: teamInvitations,
          team: { id: teams.id, name: teams.name, alias: teams.alias },
          inviterName: userNameSql(teamInvitations.invitedBy),
        })
        .from(teamInvitations)
        .innerJoin(teams, eq(teams.id, teamInvitations.teamId))
        .where(eq(teamInvitations.tokenHash, tokenHash));
      return row;
    },

    /** The pending invitation of an address to the team (expired or not), if any. */
    async pendingFor(teamId: string, email: string, tx: Database | Transaction = db): Promise<InvitationRow | undefined> {
      const [row] = await tx
        .select()
        .from(teamInvitations)
        .where(and(eq(teamInvitations.teamId, teamId), eq(teamInvitations.email, email), eq(teamInvitations.status, 'pending')));
      return row;
    },

    async insert(tx: Transaction, values: NewInvitation): Promise<InvitationRow> {
      const [row] = await tx.insert(teamInvitations).values(values).returning();
      if (!row) throw new Error('invitation insert returned nothing');
      return row;
    },

    /** A new token and date for a pending invitation (its old link stops working). */
    async renew(tx: Transaction, id: string, tokenHash: string, expiresAt: Date): Promise<InvitationRow | undefined> {
      const [row] = await tx
        .update(teamInvitations)
        .set({ tokenHash, expiresAt, lastSentAt: sql`now()` })
        .where(and(eq(teamInvitations.id, id), eq(teamInvitations.status, 'pending')))
        .returning();
      return row;
    },

    /** Moves a pending invitation on (revoked or accepted), once: false when it was no longer pending. */
    async close(
      tx: Database | Transaction,
      id: string,
      status: 'revoked' | 'accepted',
      acceptedBy: string | null = null,
    ): Promise<boolean> {
      const rows = await tx
        .update(teamInvitations)
        .set({ status, acceptedBy })
        .where(and(eq(teamInvitations.id, id), eq(teamInvitations.status, 'pending')))
        .returning({ id: teamInvitations.id });
      return rows.length > 0;
    },
  };
}

export type InvitationsRepository = ReturnType<typeof createInvitationsRepository>;
