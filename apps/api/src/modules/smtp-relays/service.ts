import {
  SMTP_RELAYS_MAX,
  type smtpRelayBodySchema,
  type SmtpRelay,
  type SmtpRelayTest,
  type updateSmtpRelayBodySchema,
} from '@enlaza/contracts';
import type { HistoryAction } from '@enlaza/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import { AppError } from '../../lib/errors.js';
import type { RequestOrigin } from '../../lib/request-context.js';
import type { Actor } from '../../platform/actor.js';
import type { EventBus } from '../../platform/events.js';
import { secretBox } from '../../lib/secret-box.js';
import type { SmtpRelayRow, SmtpRelaysRepository } from './repository.js';
import { verifySmtpServer } from './verify.js';

/** An enabled SMTP server as the campaign sender uses it: where it is, how to sign in (the password opened), its rate limit. */
export type SendingRelay = {
  id: string;
  name: string;
  host: string;
  port: number;
  secure: boolean;
  user: string;
  password: string | null;
  rateMessages: number;
  rateSeconds: number;
};

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** `[::1]` as the admin writes an IPv6 address; sockets take it without the brackets. */
const connectableHost = (host: string) => host.replace(/^\[(.*)\]$/, '$1');

function relayOf(row: SmtpRelayRow): SmtpRelay {
  return {
    id: row.id,
    name: row.name,
    host: row.host,
    port: row.port,
    secure: row.secure,
    user: row.user,
    hasPassword: row.passwordSealed !== null,
    rateMessages: row.rateMessages,
    rateSeconds: row.rateSeconds,
    enabled: row.enabled,
    lastFailureAt: iso(row.lastFailureAt),
    lastFailure: row.lastFailure,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** What the admin history shows of a server: what the admin set, as the admin's list shows it (`hasPassword`, never the password). */
function historyValues(row: SmtpRelayRow) {
  const { id: _id, lastFailureAt: _seenAt, lastFailure: _seen, createdAt: _created, updatedAt: _updated, ...set } = relayOf(row);
  return set;
}

/**
 * The admin's SMTP servers for campaigns and automations (docs/sending.md, "Several SMTP servers"):
 * at most SMTP_RELAYS_MAX, each password sealed with the app secret and never answered back; and what
 * the campaign sender reads of them (the enabled ones, a failure seen).
 */
export function createSmtpRelaysService({
  repo,
  appSecret,
  log,
  events,
}: {
  repo: SmtpRelaysRepository;
  appSecret: string;
  log: FastifyBaseLogger;
  events: Pick<EventBus, 'publish'>;
}) {
  const box = secretBox(appSecret, 'smtp-relay-password');
  /** An admin's lookup of an id that does not exist (every server is visible to every admin). */
  const existing = (row: SmtpRelayRow | null): SmtpRelayRow => {
    if (!row) throw new AppError('record.not_found');
    return row;
  };
  /** Left out: unchanged; empty: no password any more. */
  const sealed = (password: string | undefined) => (password === undefined ? undefined : password === '' ? null : box.seal(password));
  /** The saved password in clear; undefined when it cannot be opened (APP_SECRET changed since it was saved). */
  const opened = (row: SmtpRelayRow): string | null | undefined => {
    if (row.passwordSealed === null) return null;
    try {
      return box.open(row.passwordSealed);
    } catch {
      return undefined;
    }
  };

  /** Every change is in the admin history (Historial) with the values before and after. */
  const record = (
    action: Extract<HistoryAction, `admin.smtp_relay_${string}`>,
    by: { actor: Actor; origin: RequestOrigin },
    id: string,
    values: { before?: Record<string, unknown>; after?: Record<string, unknown> },
  ) =>
    events.publish(action, {
      userId: null,
      actorId: by.actor.id,
      origin: by.origin,
      target: { type: 'smtp_relay', id },
      before: values.before,
      after: values.after ?? {},
    });

  return {
    list: async (): Promise<SmtpRelay[]> => (await repo.list()).map(relayOf),

    async create(by: { actor: Actor; origin: RequestOrigin }, body: z.output<typeof smtpRelayBodySchema>): Promise<SmtpRelay> {
      const { password, ...fields } = body;
      const row = await repo.insertWithin(SMTP_RELAYS_MAX, { ...fields, passwordSealed: sealed(password) ?? null });
      if (!row) throw new AppError('sending.relays_limit', { max: SMTP_RELAYS_MAX });
      await record('admin.smtp_relay_created', by, row.id, { after: historyValues(row) });
      return relayOf(row);
    },

    async update(
      by: { actor: Actor; origin: RequestOrigin },
      id: string,
      body: z.output<typeof updateSmtpRelayBodySchema>,
    ): Promise<SmtpRelay> {
      const { password, ...fields } = body;
      // Drizzle leaves out what is undefined: only the fields sent change.
      const passwordSealed = sealed(password);
      const changes = { ...fields, ...(passwordSealed === undefined ? {} : { passwordSealed }) };
      const changing = Object.values(changes).some((value) => value !== undefined);
      if (!changing) return relayOf(existing(await repo.find(id)));
      const before = existing(await repo.find(id));
      const after = existing(await repo.update(id, changes));
      // A new password shows as one (never its value), even where there was one before.
      const replaced = password ? { password: 'replaced' } : {};
      await record('admin.smtp_relay_updated', by, id, { before: historyValues(before), after: { ...historyValues(after), ...replaced } });
      return relayOf(after);
    },

    async remove(by: { actor: Actor; origin: RequestOrigin }, id: string): Promise<void> {
      const before = existing(await repo.find(id));
      if (!(await repo.remove(id))) existing(null);
      await record('admin.smtp_relay_deleted', by, id, { before: historyValues(before) });
    },

    /** Connects and signs in as the sender would (a short timeout); the server's own words either way. */
    async test(id: string): Promise<SmtpRelayTest> {
      const row = existing(await repo.find(id));
      const password = opened(row);
      if (password === undefined)
        return { ok: false, detail: 'The saved password cannot be read (APP_SECRET changed since): enter it again' };
      return verifySmtpServer({ host: connectableHost(row.host), port: row.port, secure: row.secure, user: row.user, password });
    },

    /**
     * The enabled servers, oldest first, passwords opened: what the campaign sender sends through (it
     * reads them once per batch). A password that cannot be opened leaves its server out, logged.
     */
    async sendingRelays(): Promise<SendingRelay[]> {
      const relays: SendingRelay[] = [];
      for (const row of await repo.enabled()) {
        const password = opened(row);
        if (password === undefined) {
          log.error({ relay: row.name }, 'SMTP server left out: its saved password cannot be read (APP_SECRET changed?)');
          continue;
        }
        relays.push({
          id: row.id,
          name: row.name,
          host: connectableHost(row.host),
          port: row.port,
          secure: row.secure,
          user: row.user,
          password,
          rateMessages: row.rateMessages,
          rateSeconds: row.rateSeconds,
        });
      }
      return relays;
    },

    /** A send through it failed for the server's sake (the sender writes it once per time it sets the server aside). */
    recordFailure: (id: string, at: Date, detail: string): Promise<void> => repo.recordFailure(id, at, detail.slice(0, 500)),
  };
}

export type SmtpRelaysService = ReturnType<typeof createSmtpRelaysService>;
/** What the campaign sender is given of it. */
export type SmtpRelaySource = Pick<SmtpRelaysService, 'sendingRelays' | 'recordFailure'>;
