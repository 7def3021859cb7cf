import type {
  MessageCrmLink,
  LatestMessage,
  Locale,
  MailboxCounts,
  Message,
  MessageBulkBody,
  MessageListQuery,
  MessageReplyBody,
  MessageUpdateBody,
  UnreadCounts,
} from '@enlaza/contracts';
import { renderReplyEmail } from '../../lib/email-templates.js';
import { AppError } from '../../lib/errors.js';
import { decodeCursor, encodeCursor } from '../../lib/keyset-cursor.js';
import type { Mailer } from '../../platform/mailer.js';
import type { EventBus } from '../../platform/events.js';
import type { RateLimiter } from '../../lib/rate-limit.js';
import type { Actor } from '../../platform/actor.js';
import type { AccountDirectory } from '../account/index.js';
import type { ProfilesService } from '../profiles/index.js';
import type { PublicProfileService } from '../public-profile/index.js';
import type { ConsentRecorder } from '../../platform/consent-recorder.js';
import type { SubscriptionsService } from '../subscriptions/index.js';
import { CONTACT_LIMITS, createContactForm, type FormAnswers } from './contact-form.js';
import { messagesCsv } from './csv-export.js';
import type { MailboxRepository, MessageFlags, MessageRow } from './repository.js';
import { afterAccess, type RequireAccess } from '../../platform/access.js';

export { CONTACT_LIMITS } from './contact-form.js';
/** The navigation badge counts at most this many unread messages (it shows "99+" long before). */
const UNREAD_CAP = 10_000;

type Deps = {
  repo: MailboxRepository;
  requireAccess: RequireAccess;
  profiles: ProfilesService;
  publicProfiles: PublicProfileService;
  subscriptions: SubscriptionsService;
  mailer: Mailer;
  events: EventBus;
  limiter: RateLimiter;
  /** Messages one address may send in the per-address window (default CONTACT_LIMITS.perAddress.max). */
  perAddressLimit?: number;
  /** The owner's name and address for a reply (Reply-To). */
  accounts: Pick<AccountDirectory, 'contact'>;
  /** Records a visitor's consent with its proof (double opt-in). */
  consents: ConsentRecorder;
  /** Reads a visitor's answers to the owner's contact fields on the form (422 when one does not fit), to keep with the consent. */
  formAnswers: FormAnswers;
  publicUrl: string;
  /** The messages' records in a CRM (the crm module's `crmLinks` hook); a message without one is left out. */
  crmLinks: (messageIds: string[]) => Promise<Map<string, MessageCrmLink>>;
};

export function toMessage(row: MessageRow): Message {
  return {
    id: row.id,
    profileId: row.profileId,
    name: row.name,
    email: row.email,
    phone: row.phone,
    body: row.body,
    consent: row.consent,
    location: row.location ? { lat: row.location.lat, lng: row.location.lng, accuracy: row.location.accuracy } : null,
    read: row.readAt !== null,
    starred: row.starred,
    archived: row.archivedAt !== null,
    repliedAt: row.repliedAt?.toISOString() ?? null,
    replies: row.replies ?? [],
    createdAt: row.createdAt.toISOString(),
    deletedAt: row.deletedAt?.toISOString() ?? null,
    crm: null,
  };
}

const BULK_FLAGS: Record<MessageBulkBody['action'], () => MessageFlags> = {
  read: () => ({ readAt: new Date() }),
  unread: () => ({ readAt: null }),
  star: () => ({ starred: true }),
  unstar: () => ({ starred: false }),
  archive: () => ({ archivedAt: new Date() }),
  unarchive: () => ({ archivedAt: null }),
  trash: () => ({ deletedAt: new Date() }),
  restore: () => ({ deletedAt: null }),
};

/** Buzón: visitors' messages per profile; whose they are is decided by requireAccess ('profile', 'message'). */
export function createMailboxService({
  repo,
  requireAccess,
  profiles,
  publicProfiles,
  subscriptions,
  mailer,
  events,
  limiter,
  accounts,
  perAddressLimit = CONTACT_LIMITS.perAddress.max,
  consents,
  formAnswers,
  publicUrl,
  crmLinks,
}: Deps) {
  async function withCrmLinks(list: Message[]): Promise<Message[]> {
    const links = await crmLinks(list.map((m) => m.id));
    return list.map((m) => ({ ...m, crm: links.get(m.id) ?? null }));
  }

  async function messageOf(actor: Actor, id: string): Promise<MessageRow> {
    await requireAccess(actor, 'message', id);
    return afterAccess(await repo.find(actor.id, id));
  }

  async function setFlags(actor: Actor, id: string, flags: MessageFlags): Promise<Message> {
    await requireAccess(actor, 'message', id);
    return toMessage(afterAccess(await repo.update(actor.id, id, flags)));
  }

  return {
    /** A visitor's message through the public contact form (contact-form.ts). */
    submit: createContactForm({ repo, publicProfiles, events, limiter, perAddressLimit, consents, formAnswers, publicUrl }),

    async list(
      actor: Actor,
      profileId: string,
      query: MessageListQuery,
    ): Promise<{ data: Message[]; nextCursor: string | null; counts?: MailboxCounts }> {
      await requireAccess(actor, 'profile', profileId);
      const cursor = decodeCursor(query.before, 'before');
      // The first page also carries the folder counts; on PostgreSQL both queries run at once.
      const [rows, counts] = await Promise.all([
        repo.list(profileId, { folder: query.folder, unread: query.unread, search: query.search }, cursor, query.limit),
        query.counts && !cursor ? repo.counts(profileId) : undefined,
      ]);
      const page = rows.slice(0, query.limit);
      const last = page.at(-1);
      const nextCursor = rows.length > query.limit && last ? encodeCursor({ createdAt: last.createdAtText, id: last.message.id }) : null;
      const data = await withCrmLinks(page.map((r) => toMessage(r.message)));
      return counts ? { data, nextCursor, counts } : { data, nextCursor };
    },

    async get(actor: Actor, id: string): Promise<Message> {
      const [message] = await withCrmLinks([toMessage(await messageOf(actor, id))]);
      return message!;
    },

    async update(actor: Actor, id: string, body: MessageUpdateBody): Promise<Message> {
      const now = new Date();
      const flags: MessageFlags = {};
      if (body.read !== undefined) flags.readAt = body.read ? now : null;
      if (body.starred !== undefined) flags.starred = body.starred;
      if (body.archived !== undefined) flags.archivedAt = body.archived ? now : null;
      return setFlags(actor, id, flags);
    },

    /** To the trash (soft); restorable until the trash is emptied. */
    remove: (actor: Actor, id: string) => setFlags(actor, id, { deletedAt: new Date() }),
    restore: (actor: Actor, id: string) => setFlags(actor, id, { deletedAt: null }),

    /** All or nothing: one id that is not a message of this profile makes the whole request 404. */
    async bulk(actor: Actor, profileId: string, { ids, action }: MessageBulkBody): Promise<{ affected: number }> {
      await requireAccess(actor, 'profile', profileId);
      const unique = [...new Set(ids)];
      await requireAccess(actor, 'message', unique);
      // The owner's messages, but of another of their profiles: not found in this mailbox.
      if ((await repo.countOwned(actor.id, profileId, unique)) !== unique.length) throw new AppError('record.not_found');
      return { affected: await repo.updateMany(actor.id, profileId, unique, BULK_FLAGS[action]()) };
    },

    /** Answers the sender by email (Reply-To: the owner), logged as a delivery of kind `reply` and counted in the monthly sends. */
    async reply(actor: Actor, id: string, input: MessageReplyBody): Promise<Message> {
      const message = await messageOf(actor, id);
      const profile = await profiles.get(actor, message.profileId);
      const quota = await subscriptions.sendQuota(actor);
      if (quota.remaining <= 0) throw new AppError('quota.sends', { limit: quota.limit });
      const owner = await accounts.contact(actor.id);
      const email = renderReplyEmail((message.locale as Locale | null) ?? 'en', {
        subject: input.subject,
        body: input.body,
        ownerName: owner.name,
        profileName: profile.name,
        original: message.body,
        sentAt: message.createdAt,
      });
      // Queued durably; SMTP trouble is retried by the queue rather than refused here.
      await mailer.send({ to: message.email, replyTo: owner.email, userId: actor.id, kind: 'reply', ...email });
      const row = afterAccess(await repo.addReply(actor.id, id, { subject: email.subject, body: input.body, sentAt: new Date() }));
      // The reply is sent; a failure to count it for the 80 %/100 % notifications must not turn it into an error.
      await events
        .publish('sends.counted', {
          userId: actor.id,
          before: quota.used,
          after: quota.used + 1,
          limit: quota.limit,
          period: quota.periodStart.slice(0, 7),
        })
        .catch(() => undefined);
      return toMessage(row);
    },

    /** Every live message of the profile (inbox and archived) as CSV, read in keyset pages; ownership is checked before the first byte. */
    async csv(actor: Actor, profileId: string): Promise<AsyncGenerator<string>> {
      await requireAccess(actor, 'profile', profileId);
      return messagesCsv(repo, profileId);
    },

    /** For the navigation badge: unread messages per live profile (counted up to a cap). */
    async unreadCounts(userId: string): Promise<UnreadCounts> {
      const rows = await repo.unreadByProfile(userId, UNREAD_CAP);
      return { total: rows.reduce((n, r) => n + r.n, 0), byProfile: Object.fromEntries(rows.map((r) => [r.profileId, r.n])) };
    },

    /** Unread messages across the user's profiles (dashboard). */
    async unreadCount(userId: string): Promise<number> {
      return (await this.unreadCounts(userId)).total;
    },

    /** The newest `n` live messages across the user's live profiles (dashboard). */
    async latest(userId: string, n = 5): Promise<LatestMessage[]> {
      const rows = await repo.latest(userId, Math.min(Math.max(n, 1), 50));
      return rows.map((r) => ({ ...toMessage(r.message), profileName: r.profileName, profileKind: r.profileKind }));
    },
  };
}

export type MailboxService = ReturnType<typeof createMailboxService>;
