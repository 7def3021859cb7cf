import { performance } from 'node:perf_hooks';
import type { FastifyBaseLogger } from 'fastify';
import type { SendMailOptions } from 'nodemailer';
import type { Config } from '../../config.js';
import { SendDeadlineError, withDeadline } from '../../lib/smtp.js';
import type { Metrics } from '../../platform/metrics.js';
import type { SendingRelay, SmtpRelaySource } from '../smtp-relays/index.js';
import { createCampaignSigning, createSmtpPool, type OwnSigner } from './campaign-transport.js';
import { choose, createWaits, idleError, type Relay } from './relay-choice.js';
import { classifySmtpError, detailOf, type SmtpError } from './smtp-failures.js';

/** A server that failed for its own sake is set aside this long, doubled at each failure in a row, up to COOL_OFF_MAX_MS. */
export const COOL_OFF_MS = 30_000;
export const COOL_OFF_MAX_MS = 600_000;

type Wanted = Pick<Relay, 'id' | 'name' | 'connection' | 'limit' | 'windowMs'> & { server: Omit<NonNullable<Config['smtp']>, 'dkim'> };

const connectionOf = (s: { host: string; port: number; secure: boolean; user?: string; password?: string }) =>
  JSON.stringify([s.host, s.port, s.secure, s.user ?? '', s.password ?? '']);

function wantedOf(row: SendingRelay): Wanted {
  const server = { host: row.host, port: row.port, secure: row.secure, user: row.user || undefined, password: row.password ?? undefined };
  return {
    id: row.id,
    name: row.name,
    connection: connectionOf(server),
    limit: row.rateMessages,
    windowMs: row.rateSeconds * 1000,
    server,
  };
}

/**
 * The SMTP servers campaigns and automation steps go out through (docs/sending.md, "Several SMTP
 * servers"): the enabled servers the admin set up, or, with none, the environment's (SMTP_HOST…);
 * with neither, none (`refresh()` answers false and the batch writes its emails to the log).
 *
 * - **Read once per batch** (`refresh()`): an admin's change reaches running senders at their next
 *   batch, with no restart; a server whose address or sign-in is unchanged keeps its pool and state.
 * - **Each its own pool** (campaign-transport.ts) and **its own sliding window**: at most `limit`
 *   sends in any `windowMs`, per process. A send counts from when it starts until `windowMs` after
 *   it ended, so the server itself never sees more than `limit` messages within any `windowMs`.
 * - **Spread**: each send goes to the server with room and the fewest sends in flight (ties in turn);
 *   with no room anywhere it waits for the first room.
 * - **Failover**: a send that fails for the server's sake (smtp-failures.ts `outage`: unreachable,
 *   421, sign-in refused, deadline) sets that server aside for a cool-off (30 s doubling to 10 min;
 *   its `last_failure` written then) and the same message is tried at once on another; only when every
 *   server was tried is the error thrown (the sender then gives the row back and waits). An answer about
 *   the recipient (4xx, 5xx) is thrown as is: another server would hear the same from the recipient's.
 *   With every server set aside, the one due back first is tried (the sender's own waits then set the
 *   pace, as with a single server); past its cool-off a server takes one send at a time until one goes
 *   through.
 * - **One deadline** (`deadlineMs`, SMTP_SEND_TIMEOUT_SECONDS) bounds the whole send, waits and tries
 *   together, as the claim's lease expects (recipient-mail.ts). Waiting for room ends at half of it, so
 *   every try has at least the other half; a send still waiting then is given back (RelaysBusyError).
 * - **DKIM**: the platform's key signs the message once, whichever server carries it (`own`: the
 *   owner's domain signs instead).
 */
export function createCampaignRelays(options: {
  source: SmtpRelaySource;
  smtp: Config['smtp'];
  /** The platform's key (DKIM_*), whichever server carries the message. */
  dkim: Config['dkim'];
  connections: number;
  deadlineMs: number;
  log: FastifyBaseLogger;
  metrics: Metrics;
}) {
  const { source, connections, deadlineMs, log } = options;
  const sign = createCampaignSigning(options.dkim);
  const env: Wanted | null = options.smtp
    ? (() => {
        const { dkim: _signedOnce, ...server } = options.smtp;
        return { id: null, name: 'env', connection: connectionOf(server), limit: 0, windowMs: 1000, server };
      })()
    : null;
  // A server is labelled by its id, which a rename keeps (its name is in campaign_relay_info); at most
  // 10 servers (smtp-relays), so few series.
  const labelOf = (r: Relay): string => r.id ?? 'env';
  const sends = options.metrics.counter(
    'campaign_relay_sends_total',
    'Campaign sends by SMTP server (relay: its id, env for SMTP_HOST; its name in enlaza_campaign_relay_info) and outcome: sent (accepted), refused (the server answered about the recipient), unreachable (failed for the server’s sake: tried on another or given back)',
    ['relay', 'outcome'],
  );

  let relays: Relay[] = [];
  const retiring = new Set<Relay>();
  const turn = { cursor: 0 };
  let refreshing: Promise<void> | null = null;
  let closed = false;
  const waits = createWaits();
  options.metrics.sampledGauge(
    'campaign_relay_info',
    'The SMTP servers campaigns go out through, as this process last read them: 1 per server, its id (relay) and its name',
    ['relay', 'name'],
    () => relays.map((r) => ({ labels: { relay: labelOf(r), name: r.name }, value: 1 })),
  );

  function make(w: Wanted): Relay {
    const pool = createSmtpPool(w.server, { connections, log, name: w.name });
    return { ...w, pool, inflight: 0, ends: [], head: 0, failures: 0, asideUntil: 0, epoch: 0, lastError: null, retired: false };
  }

  function retire(r: Relay): void {
    r.retired = true;
    if (r.inflight === 0) r.pool.close();
    else retiring.add(r);
  }

  async function load(): Promise<void> {
    const rows = await source.sendingRelays();
    // Stopping: no new pool (the sends still running fail on their closed pools and are given back).
    if (closed) return;
    const wanted = rows.length > 0 ? rows.map(wantedOf) : env ? [env] : [];
    const next = wanted.map((w) => {
      const same = relays.find((r) => r.id === w.id && r.connection === w.connection);
      if (!same) return make(w);
      if (w.limit === 0) {
        same.ends = [];
        same.head = 0;
      }
      return Object.assign(same, { name: w.name, limit: w.limit, windowMs: w.windowMs });
    });
    for (const r of relays) if (!next.includes(r)) retire(r);
    relays = next;
    turn.cursor = next.length > 0 ? turn.cursor % next.length : 0;
    waits.wake();
  }

  function ended(r: Relay): void {
    r.inflight -= 1;
    if (r.limit > 0) r.ends.push(performance.now());
    if (r.retired && r.inflight === 0) {
      retiring.delete(r);
      r.pool.close();
    }
    if (waits.size > 0) waits.wake();
  }

  function setAside(r: Relay, error: SmtpError, epoch: number): void {
    r.lastError = error;
    // Another send that failed with it set it aside already.
    if (r.epoch !== epoch) return;
    r.epoch += 1;
    r.failures += 1;
    const coolOffMs = Math.min(COOL_OFF_MAX_MS, COOL_OFF_MS * 2 ** Math.min(r.failures - 1, 10));
    r.asideUntil = performance.now() + coolOffMs;
    const detail = detailOf(error);
    log.warn({ relay: r.name, coolOffMs, detail }, 'campaign SMTP server set aside: its sends go to the others');
    if (r.id)
      source
        .recordFailure(r.id, new Date(), detail)
        .catch((e: unknown) => log.warn({ err: e, relay: r.name }, 'SMTP server failure not recorded'));
  }

  return {
    /** Reads the enabled servers again (once per batch); false: no SMTP server at all (the emails go to the log). */
    async refresh(): Promise<boolean> {
      refreshing ??= load().finally(() => {
        refreshing = null;
      });
      await refreshing;
      return relays.length > 0;
    },

    /**
     * Sends one message through a server with room, and through the next on a failure for the
     * server's sake (see above). `own`: the owner's verified sending domain signs instead of the
     * platform's key.
     */
    async send(mail: SendMailOptions, own?: OwnSigner): Promise<void> {
      const signed = sign(mail, own);
      const started = performance.now();
      const deadline = started + deadlineMs;
      const lastStart = started + deadlineMs / 2;
      const tried: Relay[] = [];
      let failure: SmtpError | null = null;
      for (;;) {
        const now = performance.now();
        const pick = now < lastStart ? choose(relays, turn, tried, now) : null;
        if (pick === null) throw failure ?? idleError(relays, Infinity);
        if (typeof pick === 'number') {
          if (pick > lastStart) throw failure ?? idleError(relays, pick - now);
          await waits.changed(Math.min(pick, lastStart) - now);
          continue;
        }
        const r = pick;
        tried.push(r);
        r.inflight += 1;
        const epoch = r.epoch;
        const used = r.pool.transport;
        try {
          await withDeadline(used.sendMail(signed), deadline - now);
        } catch (error) {
          ended(r);
          const e = error as SmtpError;
          if (e instanceof SendDeadlineError) r.pool.renew(used, deadlineMs);
          if (classifySmtpError(e) !== 'outage') {
            sends.inc({ relay: labelOf(r), outcome: 'refused' });
            throw e;
          }
          sends.inc({ relay: labelOf(r), outcome: 'unreachable' });
          setAside(r, e, epoch);
          failure = e;
          continue;
        }
        ended(r);
        if (r.failures > 0 && r.epoch === epoch) {
          log.info({ relay: r.name }, 'campaign SMTP server takes sends again');
          r.failures = 0;
          r.asideUntil = 0;
          r.lastError = null;
        }
        sends.inc({ relay: labelOf(r), outcome: 'sent' });
        return;
      }
    },

    close(): void {
      closed = true;
      for (const r of [...relays, ...retiring]) r.pool.close();
      retiring.clear();
    },
  };
}

export type CampaignRelays = ReturnType<typeof createCampaignRelays>;
