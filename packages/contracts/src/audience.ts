import { z } from 'zod';

/**
 * Who a campaign goes to: the consenting senders of the chosen profiles, of every profile in the
 * chosen folders or with the chosen labels, the contacts of the chosen imported lists, and the people
 * of the chosen segments. One
 * address is one recipient (compared case-insensitively); suppressed addresses are never included.
 */
export const audienceSelectorSchema = z.object({
  profileIds: z.array(z.uuid()).max(500).default([]),
  folderIds: z.array(z.uuid()).max(500).default([]),
  labelIds: z.array(z.uuid()).max(500).default([]),
  listIds: z.array(z.uuid()).max(500).default([]),
  /** Segments (segments.ts), evaluated when the campaign starts. */
  segmentIds: z.array(z.uuid()).max(50).default([]),
});
export type AudienceSelector = z.infer<typeof audienceSelectorSchema>;

export const SUPPRESSION_REASONS = ['unsubscribed', 'bounced', 'complained'] as const;
export const suppressionReasonSchema = z.enum(SUPPRESSION_REASONS);
export type SuppressionReason = z.infer<typeof suppressionReasonSchema>;

/** Reasons an address can be on the suppression list; `manual` is the owner's own choice. */
export const suppressionEntryReasonSchema = z.enum([...SUPPRESSION_REASONS, 'manual']);

/** Largest CSV an import accepts: bytes of text and rows (a header row not counted). */
export const CONTACT_IMPORT_MAX_BYTES = 5 * 1024 * 1024;
export const CONTACT_IMPORT_MAX_ROWS = 50_000;

const searchText = z.string().trim().max(200).optional();
const pageCursor = z.string().max(400).optional();
const pageLimit = z.coerce.number().int().min(1).max(100).default(50);

// --- recipients -------------------------------------------------------------------------------

/** `POST /api/audience/count`: how many people the selector reaches now (suppressed ones left out). */
export const audienceCountSchema = z.object({ recipients: z.number().int() });
export type AudienceCount = z.infer<typeof audienceCountSchema>;

const sourceBase = z.object({ id: z.uuid(), name: z.string(), contacts: z.number().int() });
/** `GET /api/audience/sources`: what the campaign form's audience picker offers, with consenting (unsuppressed) contacts per source. */
export const audienceSourcesSchema = z.object({
  profiles: z.array(sourceBase.extend({ kind: z.enum(['card', 'tag']) })),
  folders: z.array(sourceBase.extend({ kind: z.enum(['card', 'tag']) })),
  labels: z.array(sourceBase.extend({ kind: z.enum(['card', 'tag']) })),
  lists: z.array(sourceBase),
});
export type AudienceSources = z.infer<typeof audienceSourcesSchema>;

// --- imported lists -------------------------------------------------------------------------------

export const contactListSchema = z.object({ id: z.uuid(), name: z.string(), contacts: z.number().int(), createdAt: z.string() });
export type ContactList = z.infer<typeof contactListSchema>;

export const contactSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  name: z.string().nullable(),
  createdAt: z.string(),
  /** Asked to confirm by email and not confirmed yet: campaigns do not reach them. */
  pending: z.boolean().default(false),
});
export type Contact = z.infer<typeof contactSchema>;

export const contactListQuerySchema = z.object({ q: searchText, cursor: pageCursor, limit: pageLimit });
export type ContactListQuery = z.infer<typeof contactListQuerySchema>;
export const contactPageSchema = z.object({
  ok: z.literal(1),
  data: z.array(contactSchema),
  meta: z.object({ nextCursor: z.string().nullable() }),
});
export type ContactPage = z.infer<typeof contactPageSchema>;

const csvText = z.string().min(1).max(CONTACT_IMPORT_MAX_BYTES);

/** Step 1 of an import: the file's text; the answer shows its first rows so the owner can map columns. */
export const contactImportPreviewBodySchema = z.object({ csv: csvText });
export const contactImportPreviewSchema = z.object({
  delimiter: z.enum([',', ';']),
  /** The first rows as cells (up to 6, the first may be a header). */
  rows: z.array(z.array(z.string())),
  columns: z.number().int(),
  totalRows: z.number().int(),
  /** The first row looks like a header (no cell is an email address). */
  headerGuess: z.boolean(),
  /** Column guesses (0-based) from the header or the data; null when none fits. */
  emailColumn: z.number().int().nullable(),
  nameColumn: z.number().int().nullable(),
});
export type ContactImportPreview = z.infer<typeof contactImportPreviewSchema>;

/** Step 2: the mapping, and the owner's word that these people agreed to receive communications. */
export const contactImportBodySchema = z
  .object({
    csv: csvText,
    /** A new list by this name… */
    name: z.string().trim().min(1).max(120).optional(),
    /** …or more contacts for an existing list. */
    listId: z.uuid().optional(),
    hasHeader: z.boolean(),
    emailColumn: z.number().int().min(0).max(200),
    nameColumn: z.number().int().min(0).max(200).nullable(),
    /** More columns into contact fields (segments.ts): a value that does not fit its field is left out and reported. */
    fieldColumns: z
      .array(z.object({ column: z.number().int().min(0).max(200), fieldId: z.uuid() }))
      .max(20)
      .default([]),
    consent: z.literal(true),
    /** Ask each new contact to confirm by email (double opt-in): they join the audience once confirmed. */
    confirm: z.boolean().default(false),
  })
  .refine((b) => b.name !== undefined || b.listId !== undefined, { path: ['name'], error: 'validation.required' });
export type ContactImportBody = z.infer<typeof contactImportBodySchema>;

export const CONTACT_IMPORT_ROW_ERRORS = ['empty_email', 'invalid_email', 'invalid_field'] as const;
export const contactImportResultSchema = z.object({
  list: contactListSchema,
  imported: z.number().int(),
  /** Rows whose address was already in the file (an earlier row) or in the list. */
  duplicates: z.number().int(),
  /**
   * Rows left out, by line number of the file (1 = the first line), and (`invalid_field`) cells that
   * did not fit their contact field, left out of a contact that was imported. At most 100 are
   * listed; `invalidRows` counts the rows left out.
   */
  errors: z.array(z.object({ line: z.number().int(), code: z.enum(CONTACT_IMPORT_ROW_ERRORS), value: z.string() })),
  invalidRows: z.number().int(),
  /** New contacts asked to confirm by email (0 unless the import asked for confirmation). */
  confirmationsSent: z.number().int().default(0),
});
export type ContactImportResult = z.infer<typeof contactImportResultSchema>;

// --- suppression list -------------------------------------------------------------------------------

export const suppressionSchema = z.object({ email: z.string(), reason: suppressionEntryReasonSchema, createdAt: z.string() });
export type Suppression = z.infer<typeof suppressionSchema>;
export const suppressionQuerySchema = z.object({ q: searchText, cursor: pageCursor, limit: pageLimit });
export const suppressionPageSchema = z.object({
  ok: z.literal(1),
  data: z.array(suppressionSchema),
  meta: z.object({ nextCursor: z.string().nullable() }),
});
export type SuppressionPage = z.infer<typeof suppressionPageSchema>;
export const suppressionCreateBodySchema = z.object({ email: z.email().max(254) });

// --- all contacts (consenting visitors) ---------------------------------------------------------------

/**
 * A visitor who wrote through one of my cards or tags and agreed to hear from me: one row per
 * address (the newest message's name, profile and date). `suppressed` is why campaigns leave the
 * address out now, or null when they reach it.
 */
export const audienceVisitorSchema = z.object({
  email: z.string(),
  name: z.string(),
  profileId: z.uuid(),
  profileName: z.string(),
  consentedAt: z.string(),
  suppressed: suppressionEntryReasonSchema.nullable(),
  /** Asked to confirm by email (double opt-in) and not confirmed yet: campaigns do not reach them. */
  pending: z.boolean().default(false),
});
export type AudienceVisitor = z.infer<typeof audienceVisitorSchema>;
export const audienceVisitorQuerySchema = z.object({ q: searchText, cursor: pageCursor, limit: pageLimit });
export const audienceVisitorPageSchema = z.object({
  ok: z.literal(1),
  data: z.array(audienceVisitorSchema),
  meta: z.object({ nextCursor: z.string().nullable() }),
});

// --- consent: double opt-in and its proofs -------------------------------------------------------------

export const CONSENT_PENDING_DAYS = { min: 1, max: 90, default: 30 } as const;
const ownText = (max: number) => z.string().trim().max(max).nullable().default(null);

/**
 * `PUT /api/audience/consent`: whether a new contact must confirm by email before campaigns reach them
 * (on by default), the owner's own confirmation email and thanks page (null: the translated defaults in
 * the visitor's language), and after how many days an unconfirmed contact is dropped.
 */
export const consentSettingsBodySchema = z.object({
  doubleOptIn: z.boolean(),
  subject: ownText(150),
  body: ownText(2000),
  thanks: ownText(1000),
  pendingDays: z.number().int().min(CONSENT_PENDING_DAYS.min).max(CONSENT_PENDING_DAYS.max),
});
export type ConsentSettingsBody = z.infer<typeof consentSettingsBodySchema>;
export const consentSettingsSchema = consentSettingsBodySchema.extend({
  /** The texts sent when the owner's own are empty, in the owner's language (shown as placeholders). */
  defaults: z.object({ subject: z.string(), body: z.string(), thanks: z.string() }),
});
export type ConsentSettings = z.infer<typeof consentSettingsSchema>;

export const CONSENT_SOURCES = ['form', 'import'] as const;
/** How a consent became effective: confirmed by email, given where confirmation was off, or by an address confirmed before. */
export const CONSENT_METHODS = ['double', 'single', 'earlier'] as const;
export const CONSENT_STATES = ['pending', 'confirmed', 'expired'] as const;

/** One consent's proof: when, what text was shown (and its version), where it came from, and its confirmation. */
export const consentProofSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  source: z.enum(CONSENT_SOURCES),
  /** The page it was given on, or the imported list's name. */
  origin: z.string(),
  text: z.string(),
  textVersion: z.string(),
  locale: z.string(),
  method: z.enum(CONSENT_METHODS),
  state: z.enum(CONSENT_STATES),
  givenAt: z.string(),
  confirmationSentAt: z.string().nullable(),
  confirmedAt: z.string().nullable(),
  expiresAt: z.string().nullable(),
});
export type ConsentProof = z.infer<typeof consentProofSchema>;
export const consentProofQuerySchema = z.object({ email: z.string().trim().min(1).max(254) });

// --- comunicaciones (deliveries) -------------------------------------------------------------------------------

export const DELIVERY_KINDS = ['campaign', 'reply', 'test', 'system', 'confirmation'] as const;
export const DELIVERY_STATUSES = ['queued', 'sent', 'logged', 'failed', 'bounced'] as const;
export const deliverySchema = z.object({
  id: z.uuid(),
  kind: z.enum(DELIVERY_KINDS),
  toEmail: z.string(),
  subject: z.string(),
  status: z.enum(DELIVERY_STATUSES),
  error: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
  /** Whether the message itself was kept and can be shown (never for system emails: they carry secret links). */
  hasBody: z.boolean(),
});
export type Delivery = z.infer<typeof deliverySchema>;
export const deliveryDetailSchema = deliverySchema.extend({ bodyHtml: z.string().nullable(), bodyText: z.string().nullable() });
export type DeliveryDetail = z.infer<typeof deliveryDetailSchema>;

export const deliveryFilterSchema = z.object({
  kind: z.enum(DELIVERY_KINDS).optional(),
  status: z.enum(DELIVERY_STATUSES).optional(),
  /** Sent on or after this instant / before this instant (ISO 8601 with offset). */
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
  /** Part of the recipient's address. */
  recipient: searchText,
});
export type DeliveryFilter = z.infer<typeof deliveryFilterSchema>;
export const deliveryListQuerySchema = deliveryFilterSchema.extend({ cursor: pageCursor, limit: pageLimit });
export type DeliveryListQuery = z.infer<typeof deliveryListQuerySchema>;
export const deliveryPageSchema = z.object({
  ok: z.literal(1),
  data: z.array(deliverySchema),
  meta: z.object({ nextCursor: z.string().nullable() }),
});
export type DeliveryPage = z.infer<typeof deliveryPageSchema>;
