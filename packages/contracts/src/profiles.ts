import { z } from 'zod';
import { phoneSchema } from './account.js';
import { profileTeamSchema, teamTemplateFieldSchema } from './team-fields.js';

export const PROFILE_KINDS = ['card', 'tag'] as const;
export const profileKindSchema = z.enum(PROFILE_KINDS);
export type ProfileKind = z.infer<typeof profileKindSchema>;

export const VISIBILITIES = ['public', 'unlisted', 'private'] as const;
export const TAG_KINDS = ['pet', 'keys', 'luggage', 'other'] as const;
export const SOCIAL_NETWORKS = [
  'facebook',
  'instagram',
  'x',
  'linkedin',
  'tiktok',
  'youtube',
  'github',
  'whatsapp',
  'telegram',
  'other',
] as const;

/**
 * Adds `https://` to an address typed without a scheme ("nunez.studio", "www.site.com/me"),
 * so a bare domain is accepted by the form and the API alike. Anything else is left to fail.
 */
export function withWebScheme(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const trimmed = value.trim();
  if (trimmed === '' || /^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed)) return trimmed;
  if (trimmed.startsWith('//')) return `https:${trimmed}`;
  return /^[^\s/:@]+\.[^\s/:@]+(:\d+)?([/?#]\S*)?$/.test(trimmed) ? `https://${trimmed}` : trimmed;
}

/** A web address (http or https; a bare domain gets `https://`), as cards, tags and team templates take it. */
export const webUrlSchema = z.preprocess(withWebScheme, z.url({ protocol: /^https?$/, error: 'validation.invalid_url' }).max(500));
const url = webUrlSchema;
const text = (max: number) => z.string().trim().max(max);
const optionalText = (max: number) => text(max).nullable().default(null);

export const profileThemeSchema = z.object({
  color: z
    .string()
    .regex(/^#[0-9a-fA-F]{6}$/, { error: 'validation.invalid_color' })
    .default('#12b886'),
  layout: z.enum(['classic', 'centered', 'banner']).default('classic'),
});

export const cardFieldsSchema = z.object({
  firstName: text(80).min(1),
  lastName: optionalText(80),
  jobTitle: optionalText(120),
  company: optionalText(120),
  bio: optionalText(1000),
  phones: z
    .array(z.object({ label: text(40), number: phoneSchema }))
    .max(5)
    .default([]),
  emails: z
    .array(z.object({ label: text(40), email: z.email().max(254) }))
    .max(5)
    .default([]),
  website: url.nullable().default(null),
  address: optionalText(300),
  socialLinks: z
    .array(z.object({ network: z.enum(SOCIAL_NETWORKS), url }))
    .max(15)
    .default([]),
  customLinks: z
    .array(z.object({ label: text(60).min(1), url }))
    .max(20)
    .default([]),
});

export const tagFieldsSchema = z.object({
  name: text(80).min(1),
  tagKind: z.enum(TAG_KINDS),
  description: optionalText(1000),
  showOwnerContact: z.boolean().default(false),
  lostMode: z.boolean().default(false),
  lostNote: optionalText(500),
  reward: optionalText(120),
  serial: text(40)
    .regex(/^[A-Za-z0-9-]*$/, { error: 'validation.invalid_format' })
    .nullable()
    .default(null),
  /** The number a finder calls (and messages on WhatsApp) from the page while the tag is lost; shown only then. */
  phone: phoneSchema.nullable().default(null),
});

/**
 * Which comes first on the public page, under the card: the wall's posts or the contact form. Posts
 * first by default: a visitor reads what is new before the long form at the end of the page.
 */
export const SECTION_ORDERS = ['wall-first', 'form-first'] as const;
export const sectionOrderSchema = z.enum(SECTION_ORDERS);
export type SectionOrder = z.infer<typeof sectionOrderSchema>;

const commonFields = {
  photoFileId: z.uuid().nullable().default(null),
  coverFileId: z.uuid().nullable().default(null),
  /** A company logo shown on the card (a file of the cloud); left out, the card keeps the one it has (none when new). */
  logoFileId: z.uuid().nullable().optional(),
  theme: profileThemeSchema.default({ color: '#12b886', layout: 'classic' }),
  visibility: z.enum(VISIBILITIES).default('public'),
  contactForm: z.boolean().default(true),
  wall: z.boolean().default(false),
  sectionOrder: sectionOrderSchema.default('wall-first'),
  folderId: z.uuid().nullable().default(null),
  labelIds: z.array(z.uuid()).max(20).default([]),
};

/** Create or replace a card (kind `card`) or a tag (kind `tag`). */
export const profileInputSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('card'), ...commonFields, card: cardFieldsSchema }),
  z.object({ kind: z.literal('tag'), ...commonFields, tag: tagFieldsSchema }),
]);
export type ProfileInput = z.infer<typeof profileInputSchema>;

export const profileSchema = z.object({
  id: z.string(),
  kind: profileKindSchema,
  /** Display name: the card's full name or the tag's name. */
  name: z.string(),
  photoFileId: z.string().nullable(),
  coverFileId: z.string().nullable(),
  logoFileId: z.string().nullable(),
  theme: profileThemeSchema,
  visibility: z.enum(VISIBILITIES),
  contactForm: z.boolean(),
  wall: z.boolean(),
  sectionOrder: sectionOrderSchema,
  folderId: z.string().nullable(),
  labelIds: z.array(z.string()),
  card: cardFieldsSchema.nullable(),
  tag: tagFieldsSchema.nullable(),
  /** `/link/{alias}/{id}`: the owner's alias, or the team's for a team card. */
  publicPath: z.string(),
  /**
   * The short address to share (copy link, QR code): `/link/{alias}` for the owner's main card,
   * `/link/{alias}/{slug}` (the id's first 12 hex digits) for another; both lead to `publicPath`.
   */
  sharePath: z.string(),
  /** A team card's team (null: a personal card or tag). */
  team: profileTeamSchema.nullable(),
  /**
   * The template fields the team locks on this card (TEAM_FIELD_PATHS says where each is): the editor
   * shows them read-only, and a change to one is refused (403 `team.field_locked`).
   */
  lockedFields: z.array(teamTemplateFieldSchema),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Profile = z.infer<typeof profileSchema>;

export const PROFILE_SORTS = ['updatedAt', 'createdAt', 'name'] as const;
export const profileListQuerySchema = z.object({
  kind: profileKindSchema,
  search: z.string().trim().max(100).optional(),
  folderId: z.union([z.uuid(), z.literal('none')]).optional(),
  labelId: z.uuid().optional(),
  sort: z.enum(PROFILE_SORTS).default('updatedAt'),
  dir: z.enum(['asc', 'desc']).default('desc'),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export type ProfileListQuery = z.infer<typeof profileListQuerySchema>;
export const profileListSchema = z.object({
  ok: z.literal(1),
  data: z.array(profileSchema),
  meta: z.object({ page: z.number(), pageSize: z.number(), total: z.number() }),
});

export const bulkProfilesBodySchema = z.object({
  ids: z.array(z.uuid()).min(1).max(100),
  action: z.discriminatedUnion('type', [
    z.object({ type: z.literal('move'), folderId: z.uuid().nullable() }),
    z.object({ type: z.literal('label'), labelId: z.uuid(), add: z.boolean() }),
    z.object({ type: z.literal('trash') }),
  ]),
});

export const collectionSchema = z.object({
  id: z.string(),
  kind: profileKindSchema,
  name: z.string(),
  color: z.string(),
  profiles: z.number(),
});
export type Collection = z.infer<typeof collectionSchema>;
export const collectionBodySchema = z.object({
  kind: profileKindSchema,
  name: z.string().trim().min(1).max(60),
  color: z.string().regex(/^#[0-9a-fA-F]{6}$/, { error: 'validation.invalid_color' }),
});

/** What a visitor sees at /link/{alias}/{profileId}. Tags show their owner's contact only when allowed, their phone only while lost. */
export const publicProfileSchema = z.object({
  id: z.string(),
  kind: profileKindSchema,
  name: z.string(),
  alias: z.string(),
  /** The current address; differs from the requested one when an old alias was used. */
  canonicalPath: z.string(),
  vcardPath: z.string(),
  /** Public addresses of the photo and cover images (served only while the profile is visible), or null. */
  photoUrl: z.string().nullable(),
  coverUrl: z.string().nullable(),
  /** The card's company logo (a team card's comes from its team's template), or null. */
  logoUrl: z.string().nullable(),
  /** A team card's team: its name and alias (its directory, when shown, is `/link/{alias}`). */
  team: z.object({ name: z.string(), alias: z.string() }).nullable(),
  theme: profileThemeSchema,
  contactForm: z.boolean(),
  /**
   * The owner's contact fields asked on the contact form (optional for the visitor; kept for the
   * owner's audience when the visitor agrees to hear from them). Empty when the form is off.
   */
  formFields: z.array(
    z.object({ id: z.string(), name: z.string(), type: z.enum(['text', 'number', 'date', 'choice']), choices: z.array(z.string()) }),
  ),
  wall: z.boolean(),
  sectionOrder: sectionOrderSchema,
  card: cardFieldsSchema.nullable(),
  /** `phone` is null unless the tag is in lost mode; `serial` is the one printed on the tag. */
  tag: tagFieldsSchema
    .extend({ ownerContact: z.object({ name: z.string(), email: z.string(), phone: z.string().nullable() }).nullable() })
    .nullable(),
});
export type PublicProfile = z.infer<typeof publicProfileSchema>;
export type PublicFormField = PublicProfile['formFields'][number];

export const linkClickBodySchema = z.object({ url: z.url().max(500) });
/** `GET /api/public/csrf-token`: the token a browser without Fetch Metadata sends in `X-CSRF-TOKEN` (its nonce comes as a cookie). */
export const csrfTokenSchema = z.object({ token: z.string() });

/**
 * Unique visitors (a visitor counts once per profile and day; the next day again) and link clicks
 * per day, on the seller's calendar (SELLER_TIME_ZONE).
 */
export const profileStatsSchema = z.object({
  days: z.array(z.object({ day: z.string(), visitors: z.number(), linkClicks: z.number() })),
  totals: z.object({ visitors: z.number(), linkClicks: z.number() }),
});
export type ProfileStats = z.infer<typeof profileStatsSchema>;

/**
 * `GET /api/profiles/:id/signature`: an email signature made from a card, in the owner's language.
 * `html` is what a mail client's signature setting takes (one table, inline styles, hosted images);
 * `text` the same for plain-text messages; `cardUrl` the card's public address (null for a private
 * card, whose signature links nowhere and shows no hosted image).
 */
export const emailSignatureSchema = z.object({
  html: z.string(),
  text: z.string(),
  hostedImages: z.boolean(),
  cardUrl: z.string().nullable(),
});
export type EmailSignature = z.infer<typeof emailSignatureSchema>;
