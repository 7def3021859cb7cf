import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AppleWalletConfig } from '../../config.js';
import type { Database } from '../../db/client.js';
import { profileOwnerPiece } from '../profiles/index.js';
import { createPassPusher } from './apns.js';
import { walletPasses, walletRegistrations } from './schema.js';

/**
 * The pass's "updated" moment moves by whole seconds, and always forward: Last-Modified and
 * If-Modified-Since have a one-second resolution, so two versions within one second would look alike.
 */
const nextUpdate = sql`greatest(date_trunc('second', now()), ${walletPasses.updatedAt} + interval '1 second')`;

export type RegistrationResult = 'created' | 'exists' | 'unauthorized' | 'not_found';

/** Which devices hold which passes (Apple's web service), when each pass last changed, and the pushes. */
export function createPassUpdates(deps: {
  db: Database;
  apple: AppleWalletConfig | null;
  log: Pick<FastifyBaseLogger, 'warn'>;
  /** Whether `Authorization: ApplePass <token>` is the pass's. */
  tokenMatches: (serial: string, authorization: string | undefined) => boolean;
  /**
   * Whether the card may still be given to a wallet: there (not trashed, its owner active) and not
   * private. A pass already in a wallet gets nothing more of a card made private or trashed.
   */
  cardShared: (serial: string) => Promise<boolean>;
}) {
  const { db, apple, log, tokenMatches, cardShared } = deps;
  const pusher = apple?.push
    ? createPassPusher({
        url: apple.push.url,
        ca: apple.push.ca,
        passTypeId: apple.passTypeId,
        certificatePem: apple.certificatePem,
        chainPem: apple.wwdrPem,
        keyPem: apple.keyPem,
        keyPassword: apple.keyPassword,
      })
    : null;
  const authorized = (passTypeId: string, serial: string, authorization: string | undefined) =>
    Boolean(apple && passTypeId === apple.passTypeId && tokenMatches(serial, authorization));

  /** The card's pass row (made when its first pass is given out), with its updated moment. */
  async function passRow(profileId: string, passTypeId: string) {
    await db
      .insert(walletPasses)
      .values({ profileId, passTypeId, updatedAt: sql`date_trunc('second', now())` })
      .onConflictDoNothing();
    const [row] = await db.select().from(walletPasses).where(eq(walletPasses.profileId, profileId));
    return row!;
  }

  /**
   * Tells the devices holding these passes to ask for them again (APPLE_PASS_PUSH). A failed push is
   * logged, not retried: the device still sees the change when it next asks the web service.
   */
  async function pushTo(profileIds: string[]): Promise<void> {
    if (!pusher || profileIds.length === 0) return;
    const rows = await db
      .selectDistinct({ token: walletRegistrations.pushToken })
      .from(walletRegistrations)
      .where(inArray(walletRegistrations.profileId, profileIds));
    if (rows.length === 0) return;
    const result = await pusher.push(rows.map((r) => r.token));
    // Apple says the device no longer takes these passes' pushes: its registrations go.
    if (result.gone.length) await db.delete(walletRegistrations).where(inArray(walletRegistrations.pushToken, result.gone));
    if (result.failed) log.warn({ failed: result.failed, sent: result.sent }, 'wallet pass pushes failed');
  }

  return {
    passRow,
    authorized,

    cardShared,

    /** Whether the card's pass is unchanged since `since` (ms; an HTTP date's whole second). */
    unchangedSince: async (serial: string, since: number): Promise<boolean> => {
      const [row] = await db.select({ updatedAt: walletPasses.updatedAt }).from(walletPasses).where(eq(walletPasses.profileId, serial));
      return Boolean(row && row.updatedAt.getTime() <= since);
    },

    /** A device asks for a pass's updates (201 new, 200 already registered, 401 wrong token or pass, 404 a private or trashed card). */
    register: async (
      device: string,
      passTypeId: string,
      serial: string,
      pushToken: string,
      authorization?: string,
    ): Promise<RegistrationResult> => {
      if (!authorized(passTypeId, serial, authorization)) return 'unauthorized';
      if (!(await cardShared(serial))) return 'not_found';
      await passRow(serial, passTypeId);
      const inserted = await db
        .insert(walletRegistrations)
        .values({ deviceLibraryId: device, passTypeId, profileId: serial, pushToken })
        .onConflictDoUpdate({
          target: [walletRegistrations.deviceLibraryId, walletRegistrations.passTypeId, walletRegistrations.profileId],
          set: { pushToken },
        })
        // xmax = 0 only on a row this statement inserted: tells 201 from 200 in one round trip.
        .returning({ inserted: sql<boolean>`(xmax = 0)` });
      return inserted[0]?.inserted ? 'created' : 'exists';
    },

    unregister: async (device: string, passTypeId: string, serial: string, authorization?: string): Promise<boolean> => {
      if (!authorized(passTypeId, serial, authorization)) return false;
      await db
        .delete(walletRegistrations)
        .where(
          and(
            eq(walletRegistrations.deviceLibraryId, device),
            eq(walletRegistrations.passTypeId, passTypeId),
            eq(walletRegistrations.profileId, serial),
          ),
        );
      return true;
    },

    /**
     * The device's passes changed after `since` (a tag this answered before: Unix seconds), and the new
     * tag. A private or trashed card's pass is left out: its changes are no longer anyone's to know.
     */
    updatedSerials: async (device: string, passTypeId: string, since: string | undefined) => {
      const after = since && /^\d{1,12}$/.test(since) ? new Date(Number(since) * 1000) : null;
      const rows = await db
        .select({ serial: walletPasses.profileId, updatedAt: walletPasses.updatedAt })
        .from(walletRegistrations)
        .innerJoin(walletPasses, eq(walletPasses.profileId, walletRegistrations.profileId))
        .where(
          and(
            eq(walletRegistrations.deviceLibraryId, device),
            eq(walletRegistrations.passTypeId, passTypeId),
            after ? gt(walletPasses.updatedAt, after) : undefined,
          ),
        );
      const shared = await Promise.all(rows.map((r) => cardShared(r.serial)));
      const live = rows.filter((_, i) => shared[i]);
      if (live.length === 0) return null;
      const latest = Math.max(...live.map((r) => r.updatedAt.getTime()));
      return { serialNumbers: live.map((r) => r.serial), lastUpdated: String(Math.floor(latest / 1000)) };
    },

    /** A card changed: its pass is due for an update (devices ask for it with the tag they hold, or are pushed). */
    cardChanged: async (profileId: string): Promise<void> => {
      const changed = await db
        .update(walletPasses)
        .set({ updatedAt: nextUpdate })
        .where(eq(walletPasses.profileId, profileId))
        .returning({ id: walletPasses.profileId });
      await pushTo(changed.map((r) => r.id));
    },

    /** The owner's alias changed: every card's QR code points elsewhere now. */
    ownerChanged: async (userId: string): Promise<void> => {
      const owner = profileOwnerPiece('wallet_owner');
      const changed = await db
        .update(walletPasses)
        .set({ updatedAt: nextUpdate })
        .where(inArray(walletPasses.profileId, db.select({ id: owner.id }).from(owner).where(eq(owner.userId, userId))))
        .returning({ id: walletPasses.profileId });
      await pushTo(changed.map((r) => r.id));
    },

    close: () => pusher?.close(),
  };
}
