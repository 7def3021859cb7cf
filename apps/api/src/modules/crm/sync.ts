import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { CrmConfig } from '../../config/crm-settings.js';
import type { Database } from '../../db/client.js';
import type { Jobs } from '../../platform/jobs.js';
import { leadOfMessage } from '../mailbox/index.js';
import { profileSummaries } from '../profiles/index.js';
import type { Services } from '../../platform/modules.js';
import { createHubspotWriter } from './hubspot.js';
import type { Lead } from './lead.js';
import { createSalesforceWriter } from './salesforce.js';
import { crmConnections, crmSyncs } from './schema.js';
import type { ConnectionRow, CrmTokens } from './tokens.js';
import { VendorError } from './vendor-http.js';

type Deps = {
  db: Database;
  jobs: Jobs;
  fetch: typeof globalThis.fetch;
  config: CrmConfig;
  tokens: CrmTokens;
  contactFields: Pick<Services['contactFields'], 'list' | 'values'>;
  log: FastifyBaseLogger;
};
type SyncRow = typeof crmSyncs.$inferSelect;

/** The wait before the retry after failed attempt `n`: base × 2^(n−1), ±20 % jitter; never less than the vendor's Retry-After. */
export const crmRetryDelayMs = (baseMs: number, attempt: number, retryAfterMs: number | null, random = Math.random()) =>
  Math.max(retryAfterMs ?? 0, Math.round(baseMs * 2 ** Math.min(attempt - 1, 30) * (0.8 + 0.4 * random)));

/**
 * Leads into the CRM on the job queue (docs/decisions/0041-leads-into-the-crm.md). A message that
 * arrives on a card queues one sync per connection that serves the card — the team's, for a team card
 * whose team connected one, else the card holder's own — in one transaction with its job. Each job
 * is one attempt: the vendor's idempotent writes (hubspot.ts, salesforce.ts) and each step recorded
 * as soon as it is answered make a re-run after a crash land on the same records; 429, 5xx and the
 * network are retried later (Retry-After respected), a refusal (4xx) is logged with the vendor's words.
 */
export function createCrmSync({ db, jobs, fetch, config, tokens, contactFields, log }: Deps) {
  const hubspot = createHubspotWriter(fetch, config.hubspot);
  const salesforce = createSalesforceWriter(fetch, config.salesforce.apiVersion);

  async function connectionsFor(userId: string, teamId: string | null): Promise<ConnectionRow[]> {
    if (teamId) {
      const team = await db.select().from(crmConnections).where(eq(crmConnections.teamId, teamId));
      if (team.length > 0) return team;
    }
    return db
      .select()
      .from(crmConnections)
      .where(and(eq(crmConnections.userId, userId), isNull(crmConnections.teamId)));
  }

  async function leadOf(messageId: string): Promise<Lead | null> {
    const message = await leadOfMessage(db, messageId);
    if (!message) return null;
    const profile = (await profileSummaries(db, [message.profileId])).get(message.profileId);
    let fields: Lead['fields'] = [];
    // Contact fields' answers are kept only with the consent (mailbox/contact-form.ts).
    if (message.consent) {
      const owner = { id: message.userId, role: 'user' as const, locale: 'en' as const };
      const [defined, person] = await Promise.all([contactFields.list(owner), contactFields.values(owner, message.email)]);
      fields = defined.flatMap((f) => {
        const value = person.values[f.id];
        return value === undefined || value === null || value === '' ? [] : [{ name: f.name, value: String(value) }];
      });
    }
    return { ...message, messageId: message.id, profileName: profile?.name ?? '', fields };
  }

  /** One vendor round with the current token; a 401 refreshes it once and tries again. */
  async function withToken<T>(connection: ConnectionRow, call: (token: string, instanceUrl: string | null) => Promise<T>): Promise<T> {
    const current = await tokens.current(connection);
    try {
      return await call(current.token, current.instanceUrl);
    } catch (error) {
      if (!(error instanceof VendorError) || !error.unauthorized) throw error;
      const fresh = await tokens.refresh(connection);
      return call(fresh.token, fresh.instanceUrl);
    }
  }

  const record = async (syncId: string, values: Partial<SyncRow>): Promise<void> => {
    await db
      .update(crmSyncs)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(crmSyncs.id, syncId));
  };

  async function push(sync: SyncRow, connection: ConnectionRow, lead: Lead): Promise<void> {
    if (connection.provider === 'hubspot') {
      await withToken(connection, (token) =>
        hubspot(lead, token, connection.accountId, sync, {
          contact: async (recordId, recordUrl) => {
            sync.recordId = recordId;
            await record(sync.id, { recordId, recordUrl });
          },
          note: (noteId) => record(sync.id, { noteId }),
        }),
      );
      return;
    }
    const saved = await withToken(connection, (token, instanceUrl) => salesforce(lead, token, instanceUrl ?? ''));
    await record(sync.id, { recordId: saved.id, recordUrl: saved.url });
  }

  async function failed(sync: SyncRow, error: VendorError): Promise<void> {
    const attempts = sync.attempts + 1;
    const base = { attempts, lastStatus: error.status, lastError: error.message };
    if (!error.retry || attempts >= config.maxAttempts) {
      await record(sync.id, { ...base, status: 'failed', nextAttemptAt: null });
      return;
    }
    const next = new Date(Date.now() + crmRetryDelayMs(config.retryBaseMs, attempts, error.retryAfterMs));
    await db.transaction(async (tx) => {
      await tx
        .update(crmSyncs)
        .set({ ...base, nextAttemptAt: next, updatedAt: new Date() })
        .where(eq(crmSyncs.id, sync.id));
      await jobs.send('crm.sync', { syncId: sync.id }, { tx, startAfter: next });
    });
  }

  return {
    /** A message arrived (`message.received`, at least once): one sync per serving connection, queued once. */
    async queue(event: { messageId: string; profileId: string; userId: string }): Promise<number> {
      const profile = (await profileSummaries(db, [event.profileId])).get(event.profileId);
      const connections = await connectionsFor(event.userId, profile?.teamId ?? null);
      if (connections.length === 0) return 0;
      return db.transaction(async (tx) => {
        let queued = 0;
        for (const connection of connections) {
          const [row] = await tx
            .insert(crmSyncs)
            .values({ connectionId: connection.id, messageId: event.messageId })
            .onConflictDoNothing()
            .returning({ id: crmSyncs.id });
          if (!row) continue;
          await jobs.send('crm.sync', { syncId: row.id }, { tx });
          queued += 1;
        }
        return queued;
      });
    },

    /** One attempt of one sync (the `crm.sync` job). */
    async attempt(syncId: string): Promise<void> {
      const [found] = await db
        .select({ sync: crmSyncs, connection: crmConnections })
        .from(crmSyncs)
        .innerJoin(crmConnections, eq(crmConnections.id, crmSyncs.connectionId))
        .where(eq(crmSyncs.id, syncId));
      if (!found || found.sync.status !== 'pending') return;
      const { sync, connection } = found;
      if (connection.status !== 'connected') {
        await record(sync.id, { status: 'failed', lastError: 'The CRM connection must be connected again', nextAttemptAt: null });
        return;
      }
      const lead = await leadOf(sync.messageId);
      // The message was deleted for good before it went: nothing to send.
      if (!lead) return;
      try {
        await push(sync, connection, lead);
      } catch (error) {
        if (!(error instanceof VendorError)) throw error;
        log.warn({ sync: sync.id, status: error.status, retry: error.retry }, 'a CRM did not take a lead');
        await failed(sync, error);
        return;
      }
      await record(sync.id, {
        status: 'succeeded',
        attempts: sql`${crmSyncs.attempts} + 1` as unknown as number,
        lastError: null,
        lastStatus: null,
        nextAttemptAt: null,
      });
    },
  };
}

export type CrmSyncer = ReturnType<typeof createCrmSync>;
