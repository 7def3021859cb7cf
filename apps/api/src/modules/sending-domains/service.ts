import { generateKeyPair, randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import { and, asc, count, eq, lt, or, isNull, inArray } from 'drizzle-orm';
import {
  SENDING_DOMAINS_PER_USER,
  type CreateSendingDomainBody,
  type SendingDomain,
  type UpdateSendingDomainBody,
} from '@enlaza/contracts';
import type { Database } from '../../db/client.js';
import type { DkimKey } from '../../config.js';
import { createMessageSigner } from '../../lib/dkim.js';
import { AppError } from '../../lib/errors.js';
import { secretBox, type SecretBox } from '../../lib/secret-box.js';
import { afterAccess, type RequireAccess } from '../../platform/access.js';
import type { Actor } from '../../platform/actor.js';
import { lockUser } from '../account/index.js';
import { allRequiredFound, checkRecords, recordsToPublish, type DnsTxt } from './dns-check.js';
import { sendingDomains } from './schema.js';

const makeKeyPair = promisify(generateKeyPair);

/** The DKIM private keys are sealed under their own purpose (lib/secret-box.ts). */
export const domainKeyBox = (appSecret: string) => secretBox(appSecret, 'sending-domain-dkim');

type Row = typeof sendingDomains.$inferSelect;

/** What campaigns send as when the owner's domain is verified and in use: its address, and its signer. */
export type OwnSender = { domainId: string; address: string; dkim: DkimKey; sign: (raw: string) => string };

type Deps = {
  db: Database;
  requireAccess: RequireAccess;
  /** Seals the DKIM keys (purpose `sending-domain-dkim`). */
  secrets: SecretBox;
  txt: DnsTxt;
  spfInclude: string;
  /** How long a looked-up sender is kept in this process (a domain that stops being verified is seen within it). */
  cacheMs?: number;
};

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function present(row: Row): SendingDomain {
  return {
    id: row.id,
    domain: row.domain,
    localPart: row.localPart,
    address: `${row.localPart}@${row.domain}`,
    status: row.status,
    inUse: row.inUse,
    selector: row.selector,
    records: row.records,
    checkedAt: iso(row.checkedAt),
    verifiedAt: iso(row.verifiedAt),
    createdAt: row.createdAt.toISOString(),
  };
}

/** After a check: verified with every required record; a verified domain that lost one is `failed`; otherwise as it was. */
const statusAfter = (before: Row['status'], verified: boolean): Row['status'] =>
  verified ? 'verified' : before === 'verified' ? 'failed' : before;

/**
 * An owner's own sending domains (Campañas → Sending domains, docs/sending.md "Your own sending
 * domain"): each gets its own 2048-bit RSA key and selector; the owner publishes the records, the
 * check reads them, and a verified domain chosen for campaigns makes them come From its address,
 * signed with its key. Another owner's domain is 404.
 */
export function createSendingDomains({ db, requireAccess, secrets, txt, spfInclude, cacheMs = 60_000 }: Deps) {
  const mine = (actor: Actor, id: string) => and(eq(sendingDomains.id, id), eq(sendingDomains.userId, actor.id));

  async function find(actor: Actor, id: string): Promise<Row> {
    await requireAccess(actor, 'sending_domain', id);
    const [row] = await db.select().from(sendingDomains).where(mine(actor, id));
    return afterAccess(row);
  }

  async function runCheck(row: Row): Promise<Row> {
    const records = await checkRecords(txt, row, spfInclude);
    const verified = allRequiredFound(records);
    const status = statusAfter(row.status, verified);
    const [updated] = await db
      .update(sendingDomains)
      .set({
        records,
        status,
        checkedAt: new Date(),
        ...(verified && row.status !== 'verified' ? { verifiedAt: new Date() } : {}),
      })
      .where(eq(sendingDomains.id, row.id))
      .returning();
    cache.delete(row.userId);
    return updated ?? row;
  }

  // Owner → their sender and when it was read (null: none verified and in use).
  const cache = new Map<string, { at: number; sender: OwnSender | null }>();
  const keyOf = (row: Row): DkimKey => ({
    domainName: row.domain,
    keySelector: row.selector,
    privateKey: secrets.open(row.privateKeySealed),
  });

  return {
    async list(actor: Actor): Promise<SendingDomain[]> {
      const rows = await db.select().from(sendingDomains).where(eq(sendingDomains.userId, actor.id)).orderBy(asc(sendingDomains.createdAt));
      return rows.map(present);
    },

    async create(actor: Actor, body: CreateSendingDomainBody): Promise<SendingDomain> {
      // The key is made before the transaction (tens of milliseconds of CPU, off the event loop).
      const { privateKey, publicKey } = await makeKeyPair('rsa', {
        modulusLength: 2048,
        publicKeyEncoding: { type: 'spki', format: 'der' },
        privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
      });
      const domain = body.domain;
      const localPart = body.localPart ?? 'hola';
      const selector = `enlaza-${randomBytes(4).toString('hex')}`;
      const publicB64 = publicKey.toString('base64');
      const row = await db.transaction(async (tx) => {
        await lockUser(tx, actor.id);
        const [same] = await tx
          .select({ id: sendingDomains.id })
          .from(sendingDomains)
          .where(and(eq(sendingDomains.userId, actor.id), eq(sendingDomains.domain, domain)));
        if (same) throw new AppError('sending.domain_exists', {}, { domain: [{ code: 'sending.domain_exists' }] });
        const [held] = await tx.select({ n: count() }).from(sendingDomains).where(eq(sendingDomains.userId, actor.id));
        if ((held?.n ?? 0) >= SENDING_DOMAINS_PER_USER) throw new AppError('sending.domains_limit', { max: SENDING_DOMAINS_PER_USER });
        const [inserted] = await tx
          .insert(sendingDomains)
          .values({
            userId: actor.id,
            domain,
            localPart,
            selector,
            privateKeySealed: secrets.seal(privateKey),
            publicKey: publicB64,
            records: recordsToPublish({ domain, selector, publicKey: publicB64 }, spfInclude),
          })
          .returning();
        return inserted!;
      });
      return present(row);
    },

    async update(actor: Actor, id: string, body: UpdateSendingDomainBody): Promise<SendingDomain> {
      const row = await find(actor, id);
      if (body.inUse && row.status !== 'verified') throw new AppError('sending.domain_not_verified');
      const updated = await db.transaction(async (tx) => {
        await lockUser(tx, actor.id);
        // One domain in use per owner: choosing this one lets the other go.
        if (body.inUse)
          await tx
            .update(sendingDomains)
            .set({ inUse: false })
            .where(and(eq(sendingDomains.userId, actor.id), eq(sendingDomains.inUse, true)));
        const [saved] = await tx
          .update(sendingDomains)
          .set({
            ...(body.localPart !== undefined ? { localPart: body.localPart } : {}),
            ...(body.inUse !== undefined ? { inUse: body.inUse } : {}),
          })
          .where(mine(actor, id))
          .returning();
        return afterAccess(saved);
      });
      cache.delete(actor.id);
      return present(updated);
    },

    /** Reads the domain's records now (the owner's "Check DNS now"). */
    async check(actor: Actor, id: string): Promise<SendingDomain> {
      return present(await runCheck(await find(actor, id)));
    },

    async remove(actor: Actor, id: string): Promise<void> {
      await find(actor, id);
      await db.delete(sendingDomains).where(mine(actor, id));
      cache.delete(actor.id);
    },

    /**
     * The daily check of domains verified (or verified once) and not checked for `olderThanMs`: one
     * whose records went away is `failed`, and its campaigns are "via Enlaza" again until it is fixed.
     */
    async recheckDue(olderThanMs = 20 * 3600_000, limit = 500): Promise<{ checked: number; failed: number }> {
      const before = new Date(Date.now() - olderThanMs);
      const rows = await db
        .select()
        .from(sendingDomains)
        .where(
          and(
            inArray(sendingDomains.status, ['verified', 'failed']),
            or(isNull(sendingDomains.checkedAt), lt(sendingDomains.checkedAt, before)),
          ),
        )
        .orderBy(asc(sendingDomains.checkedAt))
        .limit(limit);
      let failed = 0;
      for (const row of rows) if ((await runCheck(row)).status === 'failed' && row.status === 'verified') failed += 1;
      return { checked: rows.length, failed };
    },

    /** The owner's verified domain in use, with its signer; null: campaigns go out "via Enlaza". Kept `cacheMs` per process. */
    async ownSender(userId: string): Promise<OwnSender | null> {
      const hit = cache.get(userId);
      if (hit && Date.now() - hit.at < cacheMs) return hit.sender;
      const [row] = await db
        .select()
        .from(sendingDomains)
        .where(and(eq(sendingDomains.userId, userId), eq(sendingDomains.inUse, true), eq(sendingDomains.status, 'verified')));
      let sender: OwnSender | null = null;
      if (row) {
        const dkim = keyOf(row);
        sender = { domainId: row.id, address: `${row.localPart}@${row.domain}`, dkim, sign: createMessageSigner(dkim) };
      }
      if (cache.size > 10_000) cache.clear();
      cache.set(userId, { at: Date.now(), sender });
      return sender;
    },
  };
}

/**
 * A reader of a domain's DKIM key while the domain is verified and in use (null otherwise): the
 * transactional mailer signs a campaign's test send with it (app.ts hands it to the mailer).
 */
export function createDomainKeyReader(db: Database, appSecret: string) {
  const secrets = domainKeyBox(appSecret);
  return async (domainId: string): Promise<DkimKey | null> => {
    const [row] = await db
      .select()
      .from(sendingDomains)
      .where(and(eq(sendingDomains.id, domainId), eq(sendingDomains.inUse, true), eq(sendingDomains.status, 'verified')));
    return row ? { domainName: row.domain, keySelector: row.selector, privateKey: secrets.open(row.privateKeySealed) } : null;
  };
}

export type SendingDomainsService = ReturnType<typeof createSendingDomains>;
