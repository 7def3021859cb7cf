import type { ConsentProof, ConsentSettings, ConsentSettingsBody, Locale } from '@enlaza/contracts';
import { CONSENT_PENDING_DAYS } from '@enlaza/contracts';
import { and, desc, eq, gt, inArray, isNotNull, isNull, lte, sql, type SQL } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.js';
import { randomToken, sha256 } from '../../lib/crypto.js';
import { renderConsentEmail } from '../../lib/email-templates.js';
import { translate } from '../../lib/i18n.js';
import type { Clock } from '../../platform/clock.js';
import type { EventBus } from '../../platform/events.js';
import type { GivenConsent } from '../../platform/consent-recorder.js';
import type { Mailer } from '../../platform/mailer.js';
import { messageSenders } from '../mailbox/index.js';
import { consents, consentSettings, contacts } from './schema.js';

type Db = Database | Transaction;
const DAY = 86_400_000;
/** One confirmation email per address and owner a day: a form sent again, or an address in two imports, does not mail it twice. */
const RESEND_AFTER_MS = DAY;

/** The version of a consent text: the same words, the same version. */
export const textVersion = (text: string) => sha256(text).slice(0, 16);

type SettingsRow = Omit<ConsentSettingsBody, never>;
const DEFAULT_SETTINGS: SettingsRow = {
  doubleOptIn: true,
  subject: null,
  body: null,
  thanks: null,
  pendingDays: CONSENT_PENDING_DAYS.default,
};

export type ConfirmationPage =
  { state: 'invalid' } | { state: 'expired' | 'pending' | 'confirmed'; email: string; name: string; locale: Locale; thanks: string };

type Deps = {
  db: Database;
  mailer: Mailer;
  clock: Clock;
  events: EventBus;
  publicUrl: string;
  /** The owner's name as the confirmation email and page show it. */
  ownerName: (userId: string) => Promise<string>;
};

/** An owner's settings (the defaults when they never saved any). */
async function settingsOf(tx: Db, userId: string): Promise<SettingsRow> {
  const [row] = await tx.select().from(consentSettings).where(eq(consentSettings.userId, userId));
  if (!row) return DEFAULT_SETTINGS;
  return { doubleOptIn: row.doubleOptIn, subject: row.subject, body: row.body, thanks: row.thanks, pendingDays: row.pendingDays };
}

/** The confirmation email's and thanks page's texts when the owner has none, in `locale`. */
const defaultsFor = (locale: Locale, name: string) => ({
  subject: translate(locale, 'consent.email_subject', { name }),
  body: translate(locale, 'consent.email_body', { name }),
  thanks: translate(locale, 'consent.thanks_body', { name }),
});
/** The owner's name in their own text. */
const fill = (text: string, name: string) => text.replaceAll('{{nombre}}', name).replaceAll('{{name}}', name);

/** The owner's settings as the screen shows them (with the default texts in the reader's language), and their change. */
function consentSettingsStore(db: Database, ownerName: (userId: string) => Promise<string>) {
  return {
    /** The owner's settings as the screen shows them, with the default texts in `locale`. */
    async settings(userId: string, locale: Locale): Promise<ConsentSettings> {
      const row = await settingsOf(db, userId);
      return { ...row, defaults: defaultsFor(locale, await ownerName(userId)) };
    },

    async saveSettings(userId: string, body: ConsentSettingsBody, locale: Locale): Promise<ConsentSettings> {
      const values = {
        ...body,
        subject: body.subject || null,
        body: body.body || null,
        thanks: body.thanks || null,
        updatedAt: new Date(),
      };
      await db
        .insert(consentSettings)
        .values({ userId, ...values })
        .onConflictDoUpdate({ target: consentSettings.userId, set: values });
      return { ...(await settingsOf(db, userId)), defaults: defaultsFor(locale, await ownerName(userId)) };
    },
  };
}

/** A proof's state now: confirmed, expired (purged, or past its time), or still waiting. */
const stateOf = (r: { confirmedAt: Date | null; expiredAt: Date | null; expiresAt: Date | null }, now: Date) =>
  r.confirmedAt ? 'confirmed' : r.expiredAt || (r.expiresAt && r.expiresAt <= now) ? 'expired' : 'pending';

/** The proofs an owner reads, and the daily purge of consents that waited too long. */
function consentRecords(db: Database, clock: Clock) {
  return {
    /** Every proof of consent the owner holds for an address, newest first. */
    async proofs(userId: string, email: string): Promise<ConsentProof[]> {
      const rows = await db
        .select()
        .from(consents)
        .where(and(eq(consents.userId, userId), eq(consents.email, email.trim().toLowerCase())))
        .orderBy(desc(consents.createdAt));
      return rows.map((r) => ({
        id: r.id,
        email: r.email,
        source: r.source,
        origin: r.origin,
        text: r.text,
        textVersion: r.textVersion,
        locale: r.locale,
        method: r.method,
        state: stateOf(r, clock.now()),
        givenAt: r.createdAt.toISOString(),
        confirmationSentAt: r.confirmationSentAt?.toISOString() ?? null,
        confirmedAt: r.confirmedAt?.toISOString() ?? null,
        expiresAt: r.expiresAt?.toISOString() ?? null,
      }));
    },

    /**
     * The daily purge: consents past their time without a confirmation expire for good, and the
     * imported contacts they held back leave their lists (a visitor's message stays in the mailbox).
     */
    async purgeExpired(now = clock.now()): Promise<{ expired: number; contactsRemoved: number }> {
      return db.transaction(async (tx) => {
        const expired = await tx
          .update(consents)
          .set({ expiredAt: now })
          .where(and(isNull(consents.confirmedAt), isNull(consents.expiredAt), lte(consents.expiresAt, now)))
          .returning({ contactId: consents.contactId });
        const contactIds = expired.map((e) => e.contactId).filter((id): id is string => id !== null);
        const removed = contactIds.length
          ? await tx.delete(contacts).where(inArray(contacts.id, contactIds)).returning({ id: contacts.id })
          : [];
        return { expired: expired.length, contactsRemoved: removed.length };
      });
    },
  };
}

/** A message's consent became effective: its webhook event (the owner's integrations learn of a contact they may email). */
async function announce(tx: Transaction, events: Pick<EventBus, 'publish'>, messageIds: string[]) {
  for (const sender of await messageSenders(tx, messageIds))
    await events.publish(
      'contact.consented',
      {
        messageId: sender.id,
        profileId: sender.profileId,
        userId: sender.userId,
        name: sender.name,
        email: sender.email,
        lostMode: sender.lostMode,
      },
      tx,
    );
}

/** The lists whose contacts' consents now count (automations that start on a list hear of it). */
async function announceLists(tx: Transaction, events: Pick<EventBus, 'publish'>, userId: string, contactIds: string[]) {
  if (contactIds.length === 0) return;
  const lists = await tx.selectDistinct({ listId: contacts.listId }).from(contacts).where(inArray(contacts.id, contactIds));
  for (const { listId } of lists) await events.publish('contacts.listed', { userId, listId }, tx);
}

/**
 * Double opt-in and the proof of every consent. A consent is recorded with its proof when it is
 * given; it counts for campaigns at once when the owner does not ask for confirmation (`single`) or
 * the address confirmed this owner before (`earlier`), else once the person opens the emailed link
 * and confirms (`double`). Until then its message or contact stays out of every audience; past the
 * owner's `pendingDays` it expires (the daily purge: a waiting imported contact leaves its list).
 */
export function createConsents({ db, mailer, clock, events, publicUrl, ownerName }: Deps) {
  async function sendConfirmation(tx: Transaction, given: GivenConsent, token: string, settings: SettingsRow, name: string) {
    const fallback = defaultsFor(given.locale, name);
    const email = renderConsentEmail(given.locale, {
      subject: settings.subject ? fill(settings.subject, name) : fallback.subject,
      body: settings.body ? fill(settings.body, name) : fallback.body,
      link: `${publicUrl}/confirmar/${token}`,
      days: settings.pendingDays,
    });
    // Counted in the owner's monthly sends (kind `confirmation`), queued with the consent itself.
    await mailer.send({ to: given.email, userId: given.userId, kind: 'confirmation', ...email }, { tx });
  }

  /**
   * Records a consent and its proof inside the caller's transaction (the message or contact it
   * belongs to); asks for confirmation by email when the owner wants it (`confirm`, for imports the
   * owner's choice). Answers whether it counts now.
   */
  async function give(tx: Transaction, given: GivenConsent, confirm: boolean, context: { settings: SettingsRow; name: string }) {
    const now = clock.now();
    const base = {
      userId: given.userId,
      email: given.email.toLowerCase(),
      source: given.source,
      messageId: given.messageId ?? null,
      contactId: given.contactId ?? null,
      origin: given.origin.slice(0, 500),
      text: given.text,
      textVersion: textVersion(given.text),
      locale: given.locale,
    };
    if (!confirm) {
      await tx.insert(consents).values({ ...base, method: 'single', confirmedAt: now });
      return { effective: true, emailed: false };
    }
    const [earlier] = await tx
      .select({ id: consents.id })
      .from(consents)
      .where(and(eq(consents.userId, base.userId), eq(consents.email, base.email), isNotNull(consents.confirmedAt)))
      .limit(1);
    if (earlier) {
      await tx.insert(consents).values({ ...base, method: 'earlier', confirmedAt: now });
      return { effective: true, emailed: false };
    }
    const [recent] = await tx
      .select({ id: consents.id })
      .from(consents)
      .where(
        and(
          eq(consents.userId, base.userId),
          eq(consents.email, base.email),
          isNull(consents.confirmedAt),
          isNull(consents.expiredAt),
          gt(consents.confirmationSentAt, new Date(now.getTime() - RESEND_AFTER_MS)),
        ),
      )
      .limit(1);
    const token = recent ? null : randomToken();
    await tx.insert(consents).values({
      ...base,
      method: 'double',
      tokenHash: token ? sha256(token) : null,
      confirmationSentAt: token ? now : null,
      expiresAt: new Date(now.getTime() + context.settings.pendingDays * DAY),
    });
    if (token) await sendConfirmation(tx, given, token, context.settings, context.name);
    return { effective: false, emailed: token !== null };
  }

  async function proofByToken(token: string) {
    if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return null;
    const [row] = await db
      .select()
      .from(consents)
      .where(eq(consents.tokenHash, sha256(token)));
    return row ?? null;
  }

  /** What the confirmation page shows for a proof: its state, the address, the owner and their thanks text. */
  async function pageOf(row: typeof consents.$inferSelect): Promise<ConfirmationPage & { state: 'pending' | 'confirmed' | 'expired' }> {
    const settings = await settingsOf(db, row.userId);
    const name = await ownerName(row.userId);
    const locale = row.locale as Locale;
    const thanks = settings.thanks ? fill(settings.thanks, name) : defaultsFor(locale, name).thanks;
    return { state: stateOf(row, clock.now()), email: row.email, name, locale, thanks };
  }

  return {
    ...consentSettingsStore(db, ownerName),

    /** Whether the owner asks new contacts to confirm by email. */
    asksConfirmation: async (userId: string) => (await settingsOf(db, userId)).doubleOptIn,

    /** The owner's name as a confirmation names them: read before the transaction that records consents (one connection on PGlite). */
    ownerName,

    /**
     * A contact form's consent (with its message, in the message's transaction; `name`: the owner's,
     * read before it). Answers whether a confirmation email was asked for.
     */
    async fromForm(tx: Transaction, given: GivenConsent, name: string): Promise<{ confirmation: boolean }> {
      const settings = await settingsOf(tx, given.userId);
      const { effective } = await give(tx, given, settings.doubleOptIn, { settings, name });
      if (effective && given.messageId) await announce(tx, events, [given.messageId]);
      return { confirmation: settings.doubleOptIn };
    },

    /** The consents of an import's new contacts (in the import's transaction; `name` as for fromForm); answers how many confirmation emails went out. */
    async fromImport(
      tx: Transaction,
      userId: string,
      given: Omit<GivenConsent, 'userId' | 'email' | 'contactId' | 'source'>,
      list: { id: string; email: string }[],
      options: { confirm: boolean; name: string; listId: string },
    ) {
      const { confirm, name } = options;
      const settings = await settingsOf(tx, userId);
      let emailed = 0;
      let effective = 0;
      for (const contact of list) {
        const result = await give(tx, { ...given, userId, source: 'import', email: contact.email, contactId: contact.id }, confirm, {
          settings,
          name,
        });
        if (result.emailed) emailed += 1;
        if (result.effective) effective += 1;
      }
      if (effective > 0) await events.publish('contacts.listed', { userId, listId: options.listId }, tx);
      return emailed;
    },

    /** What the confirmation page shows for a token (nothing is changed by looking). */
    async page(token: string): Promise<ConfirmationPage> {
      const row = await proofByToken(token);
      return row ? pageOf(row) : { state: 'invalid' };
    },

    /**
     * Confirms the address of a token: every consent it gave this owner that is still waiting counts
     * from now on (one person, one address). A token used again confirms nothing more; an expired one nothing.
     */
    async confirm(token: string): Promise<ConfirmationPage> {
      const row = await proofByToken(token);
      if (!row) return { state: 'invalid' };
      const shown = await pageOf(row);
      if (shown.state !== 'pending') return shown;
      const now = clock.now();
      await db.transaction(async (tx) => {
        const confirmed = await tx
          .update(consents)
          .set({ confirmedAt: now })
          .where(
            and(
              eq(consents.userId, row.userId),
              eq(consents.email, row.email),
              isNull(consents.confirmedAt),
              isNull(consents.expiredAt),
              gt(consents.expiresAt, now),
            ),
          )
          .returning({ messageId: consents.messageId, contactId: consents.contactId });
        await announce(
          tx,
          events,
          confirmed.map((c) => c.messageId).filter((id): id is string => id !== null),
        );
        await announceLists(
          tx,
          events,
          row.userId,
          confirmed.map((c) => c.contactId).filter((id): id is string => id !== null),
        );
      });
      return { ...shown, state: 'confirmed' };
    },
    ...consentRecords(db, clock),
  };
}
export type Consents = ReturnType<typeof createConsents>;

/**
 * A message's or contact's consent that does not count: waiting for its confirmation, or expired
 * (`column`: the consents' column naming it, `id`: the row's id in the caller's statement).
 */
export const consentNotEffective = (column: 'message_id' | 'contact_id', id: SQL) =>
  sql`exists (select 1 from ${consents} k where k.${sql.raw(column)} = ${id} and k.confirmed_at is null)`;

/** A message's or contact's consent that expired without its confirmation. */
export const consentExpired = (column: 'message_id' | 'contact_id', id: SQL) =>
  sql`exists (select 1 from ${consents} k where k.${sql.raw(column)} = ${id} and k.expired_at is not null)`;
