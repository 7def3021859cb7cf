import { z } from 'zod';
import { messageCrmLinkSchema } from './crm.js';
import { phoneSchema } from './account.js';

/**
 * What a visitor sends through a profile's contact form (`POST /api/public/link/{alias}/{profileId}/messages`).
 * Anonymous browser requests carry `X-CSRF-TOKEN`; `website` is a honeypot that people leave empty.
 */
export const contactMessageBodySchema = z.object({
  name: z.string().trim().min(1).max(100),
  email: z.email().max(254),
  phone: phoneSchema.nullable().default(null),
  message: z.string().trim().min(1).max(5000),
  /** Consent to receive communications from the profile's owner. */
  consent: z.boolean().default(false),
  /** Answers to the owner's contact fields shown on the form (`formFields` of the page), by field id; kept when `consent` is ticked. */
  fields: z.record(z.uuid(), z.string().max(500)).default({}),
  /** A finder's location, only when they chose to share it (tags in lost mode). */
  location: z
    .object({
      lat: z.number().min(-90).max(90),
      lng: z.number().min(-180).max(180),
      accuracy: z.number().min(0).max(100_000).nullable().default(null),
    })
    .nullable()
    .default(null),
  /** Honeypot: must be empty. */
  // No length limit of its own (the body limit bounds it): a bot must not tell the honeypot from its answer.
  website: z.string().optional(),
});
export type ContactMessageBody = z.infer<typeof contactMessageBodySchema>;

/** What the public contact form answers. A filled honeypot gets the same answer, and nothing is stored. */
export const contactMessageResultSchema = z.object({
  received: z.literal(true),
  /** A confirmation email was asked for: the sender ticked consent and the owner confirms consents by email. */
  confirmation: z.boolean().default(false),
});

export const messageLocationSchema = z.object({ lat: z.number(), lng: z.number(), accuracy: z.number().nullable() });
export type MessageLocation = z.infer<typeof messageLocationSchema>;

/** A visitor's message as its owner sees it in the mailbox (buzón). */
export const messageSchema = z.object({
  id: z.string(),
  profileId: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  body: z.string(),
  consent: z.boolean(),
  location: messageLocationSchema.nullable(),
  read: z.boolean(),
  starred: z.boolean(),
  archived: z.boolean(),
  repliedAt: z.string().nullable(),
  /** The replies sent to the visitor by email, oldest first, as they were written. */
  replies: z.array(z.object({ subject: z.string(), body: z.string(), sentAt: z.string() })).default([]),
  createdAt: z.string(),
  /** Set while the message is in the trash (restorable). */
  deletedAt: z.string().nullable(),
  /** The lead's record in the CRM it was sent to (docs/teams.md, "Leads into your CRM"); null until it is there. */
  crm: messageCrmLinkSchema.nullable().default(null),
});
export type Message = z.infer<typeof messageSchema>;

export const MAILBOX_FOLDERS = ['inbox', 'starred', 'archived', 'trash'] as const;
export const mailboxFolderSchema = z.enum(MAILBOX_FOLDERS);
export type MailboxFolder = z.infer<typeof mailboxFolderSchema>;

/** Folder counts are exact up to this many; the UI shows "999+" past it (a count never scans a huge mailbox). */
export const MAILBOX_COUNT_CAP = 1000;

/** Keyset pages, newest first: pass `meta.nextCursor` back as `before` for the next page. */
export const messageListQuerySchema = z.object({
  folder: mailboxFolderSchema.default('inbox'),
  unread: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional(),
  search: z.string().trim().max(100).optional(),
  before: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  /** Include the folder counts (the first page of the screen asks for them). */
  counts: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional(),
});
export type MessageListQuery = z.infer<typeof messageListQuerySchema>;

export const mailboxCountsSchema = z.object({
  inbox: z.number(),
  unread: z.number(),
  starred: z.number(),
  archived: z.number(),
  trash: z.number(),
});
export type MailboxCounts = z.infer<typeof mailboxCountsSchema>;

export const messageListSchema = z.object({
  ok: z.literal(1),
  data: z.array(messageSchema),
  meta: z.object({ nextCursor: z.string().nullable(), counts: mailboxCountsSchema.optional() }),
});
export type MessageList = z.infer<typeof messageListSchema>;

/** PATCH one message: any of these flags. */
export const messageUpdateBodySchema = z
  .object({ read: z.boolean().optional(), starred: z.boolean().optional(), archived: z.boolean().optional() })
  .refine((b) => b.read !== undefined || b.starred !== undefined || b.archived !== undefined, { error: 'validation.required' });
export type MessageUpdateBody = z.infer<typeof messageUpdateBodySchema>;

export const MESSAGE_BULK_ACTIONS = ['read', 'unread', 'star', 'unstar', 'archive', 'unarchive', 'trash', 'restore'] as const;
export const messageBulkBodySchema = z.object({ ids: z.array(z.uuid()).min(1).max(100), action: z.enum(MESSAGE_BULK_ACTIONS) });
export type MessageBulkBody = z.infer<typeof messageBulkBodySchema>;

/** Reply by email to the sender; the subject defaults to "Re: …" in the sender's language. */
export const messageReplyBodySchema = z.object({
  subject: z.string().trim().min(1).max(200).optional(),
  body: z.string().trim().min(1).max(10_000),
});
export type MessageReplyBody = z.infer<typeof messageReplyBodySchema>;

/** Unread messages (not archived, not in the trash) for the navigation badge and the dashboard. */
export const unreadCountsSchema = z.object({ total: z.number(), byProfile: z.record(z.string(), z.number()) });
export type UnreadCounts = z.infer<typeof unreadCountsSchema>;

/** The newest messages across all of a user's profiles (dashboard). */
export const latestMessageSchema = messageSchema.extend({ profileName: z.string(), profileKind: z.enum(['card', 'tag']) });
export type LatestMessage = z.infer<typeof latestMessageSchema>;
