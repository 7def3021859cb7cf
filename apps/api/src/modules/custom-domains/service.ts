import { randomBytes } from 'node:crypto';
import { and, asc, count, eq, inArray, isNull, lt, or } from 'drizzle-orm';
import type { CreateCustomDomainBody, CustomDomain, CustomDomainList } from '@enlaza/contracts';
import type { Database } from '../../db/client.js';
import type { DnsReader } from '../../lib/dns.js';
import { AppError } from '../../lib/errors.js';
import { afterAccess, type RequireAccess } from '../../platform/access.js';
import type { Actor } from '../../platform/actor.js';
import { lockUser } from '../account/index.js';
import { teamOfOwner } from '../teams/index.js';
import { bothFound, checkRecords, recordsToPublish } from './records.js';
import { present, targetOf } from './queries.js';
import { customDomains } from './schema.js';

type Row = typeof customDomains.$inferSelect;

export type { HostTarget } from './queries.js';

type Deps = {
  db: Database;
  requireAccess: RequireAccess;
  dns: DnsReader;
  /** The host CNAMEs point to (CUSTOM_DOMAIN_TARGET, else PUBLIC_URL's host). */
  cnameTarget: string;
  /** PUBLIC_URL's host: it, and the CNAME target, are never an owner's. */
  publicHost: string;
  /** How many the owner's plan allows (the subscriptions module). */
  quota: (actor: Actor) => Promise<number>;
};

const isUniqueViolation = (error: unknown) =>
  (error as { code?: string; cause?: { code?: string } }).code === '23505' ||
  (error as { cause?: { code?: string } }).cause?.code === '23505';

/**
 * Owners' custom domains (docs/custom-domains.md): add one for a card, a tag or the team they own,
 * publish the two records, check; a verified host serves its target (hosts.ts) and Caddy may get a
 * certificate for it (`allowed`, the on-demand TLS "ask"). Another owner's domain is 404.
 */
export function createCustomDomains({ db, requireAccess, dns, cnameTarget, publicHost, quota }: Deps) {
  // What this process serves changes at once when a check or a removal here changes a host (hosts.ts).
  const listeners = new Set<(host: string) => void>();
  const hostsOfProfiles = new Map<string, { at: number; host: string | null }>();
  const changed = (host: string) => {
    hostsOfProfiles.clear();
    listeners.forEach((listener) => listener(host));
  };

  async function find(actor: Actor, id: string): Promise<Row> {
    await requireAccess(actor, 'custom_domain', id);
    const [row] = await db
      .select()
      .from(customDomains)
      .where(and(eq(customDomains.id, id), eq(customDomains.userId, actor.id)));
    return afterAccess(row);
  }

  async function runCheck(row: Row): Promise<Row> {
    const records = await checkRecords(dns, row.host, row.token, cnameTarget);
    const verified = bothFound(records);
    const status = verified ? 'verified' : row.status === 'verified' ? 'failed' : row.status;
    try {
      const [updated] = await db
        .update(customDomains)
        .set({ records, status, checkedAt: new Date(), ...(verified && row.status !== 'verified' ? { verifiedAt: new Date() } : {}) })
        .where(eq(customDomains.id, row.id))
        .returning();
      if (status !== row.status) changed(row.host);
      return updated ?? row;
    } catch (error) {
      // Another owner's copy of the host was verified first: it serves theirs.
      if (isUniqueViolation(error)) throw new AppError('custom_domains.host_taken');
      throw error;
    }
  }

  const reserved = (host: string) =>
    [publicHost, cnameTarget].some((ours) => host === ours || host.endsWith(`.${ours}`)) ||
    host === 'localhost' ||
    host.endsWith('.localhost');

  return {
    async list(actor: Actor): Promise<CustomDomainList> {
      const rows = await db.select().from(customDomains).where(eq(customDomains.userId, actor.id)).orderBy(asc(customDomains.createdAt));
      return { domains: await present(db, rows), limit: await quota(actor) };
    },

    async create(actor: Actor, body: CreateCustomDomainBody): Promise<CustomDomain> {
      const host = body.host;
      if (reserved(host)) throw new AppError('custom_domains.host_reserved', {}, { host: [{ code: 'custom_domains.host_reserved' }] });
      if (body.profileId) await requireAccess(actor, 'profile', body.profileId);
      if (body.teamId) {
        // The actor's team (another's is 404); its owner only, who holds its plan (403 otherwise).
        await requireAccess(actor, 'team', body.teamId);
        if ((await teamOfOwner(db, actor.id))?.teamId !== body.teamId) throw new AppError('team.role_required');
      }
      const limit = await quota(actor);
      const row = await db.transaction(async (tx) => {
        await lockUser(tx, actor.id);
        const [held] = await tx.select({ n: count() }).from(customDomains).where(eq(customDomains.userId, actor.id));
        if ((held?.n ?? 0) >= limit) throw new AppError('custom_domains.plan_limit', { count: limit });
        const [taken] = await tx
          .select({ id: customDomains.id })
          .from(customDomains)
          .where(and(eq(customDomains.host, host), or(eq(customDomains.status, 'verified'), eq(customDomains.userId, actor.id))));
        if (taken) throw new AppError('custom_domains.host_taken', {}, { host: [{ code: 'custom_domains.host_taken' }] });
        const token = randomBytes(16).toString('hex');
        const [inserted] = await tx
          .insert(customDomains)
          .values({
            userId: actor.id,
            host,
            profileId: body.profileId ?? null,
            teamId: body.teamId ?? null,
            token,
            records: recordsToPublish(host, token, cnameTarget),
          })
          .returning();
        return inserted!;
      });
      return (await present(db, [row]))[0]!;
    },

    /** Reads the domain's records now (the owner's "Check DNS now"). */
    async check(actor: Actor, id: string): Promise<CustomDomain> {
      return (await present(db, [await runCheck(await find(actor, id))]))[0]!;
    },

    async remove(actor: Actor, id: string): Promise<void> {
      const row = await find(actor, id);
      await db.delete(customDomains).where(and(eq(customDomains.id, id), eq(customDomains.userId, actor.id)));
      changed(row.host);
    },

    /** Called with a host whose serving changed in this process (other processes see it within their hosts' memory). */
    onHostChange(listener: (host: string) => void): void {
      listeners.add(listener);
    },

    /** The daily check of domains verified once: one whose records went away stops being served. */
    async recheckDue(olderThanMs = 20 * 3600_000, limit = 500): Promise<{ checked: number; failed: number }> {
      const before = new Date(Date.now() - olderThanMs);
      const rows = await db
        .select()
        .from(customDomains)
        .where(
          and(
            inArray(customDomains.status, ['verified', 'failed']),
            or(isNull(customDomains.checkedAt), lt(customDomains.checkedAt, before)),
          ),
        )
        .orderBy(asc(customDomains.checkedAt))
        .limit(limit);
      let failed = 0;
      for (const row of rows) {
        const after = await runCheck(row).catch(() => row);
        if (after.status === 'failed' && row.status === 'verified') failed += 1;
      }
      return { checked: rows.length, failed };
    },

    targetOf: (host: string) => targetOf(db, host),

    /** Every verified host (hosts.ts keeps them in memory). */
    async verifiedHosts(): Promise<string[]> {
      const rows = await db.select({ host: customDomains.host }).from(customDomains).where(eq(customDomains.status, 'verified'));
      return rows.map((r) => r.host);
    },

    /**
     * The verified host of a card or tag, if it has one (its page, sharing tags and vCard name it),
     * remembered 30 s per process (every page view asks; a change in this process applies at once).
     */
    async hostOfProfile(profileId: string): Promise<string | null> {
      const hit = hostsOfProfiles.get(profileId);
      if (hit && Date.now() - hit.at < 30_000) return hit.host;
      const [row] = await db
        .select({ host: customDomains.host })
        .from(customDomains)
        .where(and(eq(customDomains.profileId, profileId), eq(customDomains.status, 'verified')));
      if (hostsOfProfiles.size >= 10_000) hostsOfProfiles.clear();
      hostsOfProfiles.set(profileId, { at: Date.now(), host: row?.host ?? null });
      return row?.host ?? null;
    },
  };
}

export type CustomDomainsService = ReturnType<typeof createCustomDomains>;
