import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { SsoDomain } from '@enlaza/contracts';
import type { Database, Transaction } from '../../db/client.js';
import type { DnsReader } from '../../lib/dns.js';
import { AppError } from '../../lib/errors.js';
import { afterAccess, type RequireAccess } from '../../platform/access.js';
import type { Actor } from '../../platform/actor.js';
import { ssoDomains } from './schema.js';

type DomainRow = typeof ssoDomains.$inferSelect;
type Team = { id: string; name: string };

const isUniqueViolation = (error: unknown) =>
  (error as { code?: string }).code === '23505' || (error as { cause?: { code?: string } }).cause?.code === '23505';

/** The TXT record that proves a team controls a domain: its own token, at `_enlaza-sso.<domain>`. */
export const proofRecord = (domain: string, token: string) => ({
  type: 'TXT' as const,
  name: `_enlaza-sso.${domain}`,
  value: `enlaza-sso=${token}`,
});

export const toDomain = (row: DomainRow): SsoDomain => ({
  id: row.id,
  domain: row.domain,
  status: row.status,
  record: proofRecord(row.domain, row.token),
  checkedAt: row.checkedAt?.toISOString() ?? null,
  verifiedAt: row.verifiedAt?.toISOString() ?? null,
});

/**
 * The email domains of a team's single sign-on (docs/teams.md, "Single sign-on"): added by the owner,
 * proven by the TXT record read through DNS_SERVERS, one team each once proven; another team's is 404.
 */
export function createSsoDomains(
  deps: { db: Database; requireAccess: RequireAccess; dns: DnsReader },
  owner: {
    ownTeam: (actor: Actor) => Promise<Team>;
    record: (tx: Transaction, actor: Actor, team: Team, change: string, details?: object) => Promise<void>;
  },
) {
  const { db, requireAccess, dns } = deps;
  const { ownTeam, record } = owner;

  async function domainOfTeam(actor: Actor, teamId: string, id: string): Promise<DomainRow> {
    await requireAccess(actor, 'sso_domain', id);
    const [row] = await db
      .select()
      .from(ssoDomains)
      .where(and(eq(ssoDomains.id, id), eq(ssoDomains.teamId, teamId)));
    return afterAccess(row);
  }

  return {
    async addDomain(actor: Actor, domain: string): Promise<SsoDomain> {
      const team = await ownTeam(actor);
      const [taken] = await db
        .select({ teamId: ssoDomains.teamId })
        .from(ssoDomains)
        .where(and(eq(ssoDomains.domain, domain), eq(ssoDomains.status, 'verified')));
      if (taken) throw new AppError('sso.domain_taken', {}, { domain: [{ code: 'sso.domain_taken' }] });
      try {
        const row = await db.transaction(async (tx) => {
          const [inserted] = await tx
            .insert(ssoDomains)
            .values({ teamId: team.id, domain, token: randomBytes(16).toString('hex') })
            .returning();
          await record(tx, actor, team, 'domain_added', { domain });
          return inserted!;
        });
        return toDomain(row);
      } catch (error) {
        if (isUniqueViolation(error)) throw new AppError('sso.domain_taken', {}, { domain: [{ code: 'sso.domain_taken' }] });
        throw error;
      }
    },

    /** Reads the TXT record now: verified once the team's token is found (another team may hold the domain verified first: 409). */
    async checkDomain(actor: Actor, id: string): Promise<SsoDomain> {
      const team = await ownTeam(actor);
      const row = await domainOfTeam(actor, team.id, id);
      if (row.status === 'verified') return toDomain(row);
      const wanted = proofRecord(row.domain, row.token);
      const found = await dns.txt(wanted.name);
      const verified = found !== 'error' && found.some((value) => value.trim() === wanted.value);
      try {
        const updated = await db.transaction(async (tx) => {
          const [changed] = await tx
            .update(ssoDomains)
            .set({ checkedAt: new Date(), ...(verified ? { status: 'verified' as const, verifiedAt: new Date() } : {}) })
            .where(eq(ssoDomains.id, row.id))
            .returning();
          if (verified) await record(tx, actor, team, 'domain_verified', { domain: row.domain });
          return changed!;
        });
        return toDomain(updated);
      } catch (error) {
        if (isUniqueViolation(error)) throw new AppError('sso.domain_taken');
        throw error;
      }
    },

    async removeDomain(actor: Actor, id: string): Promise<void> {
      const team = await ownTeam(actor);
      const row = await domainOfTeam(actor, team.id, id);
      await db.transaction(async (tx) => {
        await tx.delete(ssoDomains).where(eq(ssoDomains.id, row.id));
        await record(tx, actor, team, 'domain_removed', { domain: row.domain });
      });
    },
  };
}
