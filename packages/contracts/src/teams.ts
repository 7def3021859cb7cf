import { z } from 'zod';
import { aliasSchema, emailSchema } from './accounts.js';
import { phoneSchema } from './account.js';
import { calendarDateSchema } from './common.js';
import { profileThemeSchema, webUrlSchema } from './profiles.js';
import { TEAM_TEMPLATE_FIELDS, type TeamTemplateField } from './team-fields.js';

/**
 * Teams: a company issues cards to its people (`/user/equipo`, API under `/api/team`). A user belongs
 * to at most one team; the team's cards live in `profiles` (their `team` is set) and are held by the
 * member they are assigned to, or by the team's owner while unassigned or retired.
 */

export const TEAM_ROLES = ['owner', 'admin', 'member'] as const;
export const teamRoleSchema = z.enum(TEAM_ROLES);
export type TeamRole = z.infer<typeof teamRoleSchema>;

/** The roles an invitation or a role change may give (ownership is not handed out this way). */
export const INVITED_ROLES = ['admin', 'member'] as const;
export const invitedRoleSchema = z.enum(INVITED_ROLES);
export type InvitedRole = z.infer<typeof invitedRoleSchema>;

export const TEAM_MEMBER_STATUSES = ['active', 'removed'] as const;
export type TeamMemberStatus = (typeof TEAM_MEMBER_STATUSES)[number];

/** `expired` is a pending invitation past its date (stored as pending). */
export const TEAM_INVITATION_STATUSES = ['pending', 'accepted', 'revoked', 'expired'] as const;
export type TeamInvitationStatus = (typeof TEAM_INVITATION_STATUSES)[number];

/** `assigned` to an active member; `unassigned` (kept by the team, its owner holds it); `retired` (kept, not published). */
export const TEAM_CARD_STATUSES = ['assigned', 'unassigned', 'retired'] as const;
export type TeamCardStatus = (typeof TEAM_CARD_STATUSES)[number];

/** How long an invitation's link works. */
export const TEAM_INVITATION_TTL_DAYS = 7;
/** Rows a CSV of invitations may hold. */
export const TEAM_IMPORT_MAX_ROWS = 500;

/** `locked`: members cannot change it, a template change reaches every card; `editable`: the template gives the first value only. */
export const FIELD_LOCKS = ['locked', 'editable'] as const;
export const fieldLockSchema = z.enum(FIELD_LOCKS);
export type FieldLock = z.infer<typeof fieldLockSchema>;

const url = webUrlSchema;
const optionalText = (max: number) => z.string().trim().max(max).nullable().default(null);
const color = z.string().regex(/^#[0-9a-fA-F]{6}$/, { error: 'validation.invalid_color' });

/** The team as its admins edit it: `logoFileId` and `coverFileId` are files of the editor's cloud. */
export const teamBodySchema = z.object({
  name: z.string().trim().min(2).max(120),
  /** Public: `/link/{alias}` (the directory) and `/link/{alias}/{cardId}` (every card of the team). Shares the namespace of users' aliases. */
  alias: aliasSchema,
  logoFileId: z.uuid().nullable().default(null),
  coverFileId: z.uuid().nullable().default(null),
  color: color.default('#12b886'),
  address: optionalText(300),
  website: url.nullable().default(null),
});
export type TeamBody = z.infer<typeof teamBodySchema>;

export const teamSchema = z.object({
  id: z.string(),
  name: z.string(),
  alias: z.string(),
  logoFileId: z.string().nullable(),
  coverFileId: z.string().nullable(),
  color: z.string(),
  address: z.string().nullable(),
  website: z.string().nullable(),
  /** The public directory `/link/{alias}` is shown (off by default). */
  directoryEnabled: z.boolean(),
  /** `/link/{alias}`: the directory's address (404 while it is off). */
  directoryPath: z.string(),
  activeMembers: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Team = z.infer<typeof teamSchema>;

/** `GET /api/team`: the actor's team and role, or null when they belong to none. `cardId`: their team card. */
export const myTeamSchema = z
  .object({
    team: teamSchema,
    role: teamRoleSchema,
    cardId: z.string().nullable(),
  })
  .nullable();
export type MyTeam = z.infer<typeof myTeamSchema>;

/** `PUT /api/team/directory`. */
export const teamDirectoryBodySchema = z.object({ enabled: z.boolean() });
export type TeamDirectoryBody = z.infer<typeof teamDirectoryBodySchema>;

/** A team card as the team's admins see it. `member` null: unassigned or retired. */
export const teamCardSchema = z.object({
  id: z.string(),
  name: z.string(),
  status: z.enum(TEAM_CARD_STATUSES),
  member: z.object({ userId: z.string(), name: z.string() }).nullable(),
  /** `/link/{team-alias}/{id}`: the same whoever holds it (printed QR codes and NFC tags keep working). */
  publicPath: z.string(),
  updatedAt: z.string(),
});
export type TeamCard = z.infer<typeof teamCardSchema>;

export const teamMemberSchema = z.object({
  userId: z.string(),
  name: z.string(),
  email: z.string(),
  role: teamRoleSchema,
  jobTitle: z.string().nullable(),
  phone: z.string().nullable(),
  status: z.enum(TEAM_MEMBER_STATUSES),
  joinedAt: z.string(),
  removedAt: z.string().nullable(),
  /** Their team card (null once removed: the card stays with the team). */
  card: z.object({ id: z.string(), status: z.enum(TEAM_CARD_STATUSES), publicPath: z.string() }).nullable(),
  /** The last time one of their signed-in devices was seen; null: never signed in or unknown. */
  lastActivityAt: z.string().nullable(),
});
export type TeamMember = z.infer<typeof teamMemberSchema>;

/** `GET /api/team/members?status=`: active members by default. */
export const teamMembersQuerySchema = z.object({ status: z.enum([...TEAM_MEMBER_STATUSES, 'all']).default('active') });
export type TeamMembersQuery = z.infer<typeof teamMembersQuerySchema>;

/** `PUT /api/team/members/{userId}`: a left-out field is kept. */
export const teamMemberUpdateBodySchema = z.object({
  role: invitedRoleSchema.optional(),
  jobTitle: z.string().trim().max(120).nullable().optional(),
  phone: phoneSchema.nullable().optional(),
});
export type TeamMemberUpdateBody = z.infer<typeof teamMemberUpdateBodySchema>;

/** `DELETE /api/team/members/{userId}`: the team keeps the card (`keep`: unassigned, published) or takes it offline (`retire`). */
export const teamMemberRemoveBodySchema = z.object({ card: z.enum(['keep', 'retire']) });
export type TeamMemberRemoveBody = z.infer<typeof teamMemberRemoveBodySchema>;

/** `POST /api/team/cards/{profileId}/assign`: to an active member who has no team card. */
export const teamCardAssignBodySchema = z.object({ userId: z.uuid() });
export type TeamCardAssignBody = z.infer<typeof teamCardAssignBodySchema>;

/** One invitation (`POST /api/team/invitations`). */
export const teamInvitationBodySchema = z.object({
  email: emailSchema,
  name: z.string().trim().min(1).max(120),
  jobTitle: z.string().trim().max(120).nullable().default(null),
  phone: phoneSchema.nullable().default(null),
  role: invitedRoleSchema.default('member'),
});
export type TeamInvitationBody = z.infer<typeof teamInvitationBodySchema>;

export const teamInvitationSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  jobTitle: z.string().nullable(),
  phone: z.string().nullable(),
  role: invitedRoleSchema,
  status: z.enum(TEAM_INVITATION_STATUSES),
  invitedBy: z.object({ id: z.string(), name: z.string() }).nullable(),
  acceptedBy: z.object({ id: z.string(), name: z.string() }).nullable(),
  createdAt: z.string(),
  lastSentAt: z.string(),
  expiresAt: z.string(),
});
export type TeamInvitation = z.infer<typeof teamInvitationSchema>;

/** `GET /api/team/invitations?status=`: every invitation by default, newest first. */
export const teamInvitationsQuerySchema = z.object({ status: z.enum(TEAM_INVITATION_STATUSES).optional() });

/**
 * `POST /api/team/invitations/import`: a CSV of `name,email,job title,phone` (a header row is
 * recognised and skipped; `;` separated files too), as JSON `{csv}` or a multipart file `file`.
 */
export const teamInvitationImportBodySchema = z.object({
  csv: z.string().min(1).max(1_000_000),
  role: invitedRoleSchema.default('member'),
});
export type TeamInvitationImportBody = z.infer<typeof teamInvitationImportBodySchema>;

/** One row of an import: `line` is the file's line number (1 is the first line, the header when there is one). */
export const teamImportRowSchema = z.object({
  line: z.number().int(),
  name: z.string(),
  email: z.string(),
  status: z.enum(['invited', 'refused']),
  /** Why a row was refused: an error code (`validation.invalid_email`, `team.invitation_pending`, …) and its sentence in the request's language. */
  reason: z.object({ code: z.string(), message: z.string() }).nullable(),
  invitationId: z.string().nullable(),
});
export type TeamImportRow = z.infer<typeof teamImportRowSchema>;
export const teamImportResultSchema = z.object({
  invited: z.number().int(),
  refused: z.number().int(),
  rows: z.array(teamImportRowSchema),
});
export type TeamImportResult = z.infer<typeof teamImportResultSchema>;

/** `GET /api/team-invitations/{token}` (public): what the invitee sees before accepting. */
export const publicTeamInvitationSchema = z.object({
  team: z.object({ name: z.string(), alias: z.string() }),
  inviter: z.object({ name: z.string() }).nullable(),
  email: z.string(),
  name: z.string(),
  role: invitedRoleSchema,
  expired: z.boolean(),
  expiresAt: z.string(),
});
export type PublicTeamInvitation = z.infer<typeof publicTeamInvitationSchema>;

/** The values the template sets; files are the team's (chosen from the cloud of whoever edits the template). */
export const teamTemplateValuesSchema = z.object({
  company: optionalText(120),
  logoFileId: z.uuid().nullable().default(null),
  coverFileId: z.uuid().nullable().default(null),
  address: optionalText(300),
  website: url.nullable().default(null),
  theme: profileThemeSchema.default({ color: '#12b886', layout: 'classic' }),
  /** Shared links, first on every member's card, in this order. */
  links: z
    .array(z.object({ label: z.string().trim().min(1).max(60), url }))
    .max(10)
    .default([]),
});
export type TeamTemplateValues = z.infer<typeof teamTemplateValuesSchema>;

export const teamTemplateLocksSchema = z.object(
  Object.fromEntries(TEAM_TEMPLATE_FIELDS.map((field) => [field, fieldLockSchema.default('editable')])) as Record<
    TeamTemplateField,
    z.ZodDefault<typeof fieldLockSchema>
  >,
);
export type TeamTemplateLocks = z.infer<typeof teamTemplateLocksSchema>;

/** `PUT /api/team/template`. */
export const teamTemplateBodySchema = z.object({
  values: teamTemplateValuesSchema,
  locks: teamTemplateLocksSchema,
});
export type TeamTemplateBody = z.infer<typeof teamTemplateBodySchema>;

export const teamTemplateSchema = z.object({
  values: teamTemplateValuesSchema,
  locks: teamTemplateLocksSchema,
  updatedAt: z.string(),
});
export type TeamTemplate = z.infer<typeof teamTemplateSchema>;

/** `PUT /api/team/template`'s answer: the template and how many team cards took the locked values. */
export const teamTemplateSavedSchema = teamTemplateSchema.extend({ cardsUpdated: z.number().int() });

/** `GET /api/team/figures?days=30`. */
export const teamFiguresQuerySchema = z.object({ days: z.coerce.number().int().min(1).max(90).default(30) });

const figureCounts = {
  /** Unique visitors (one a day per visitor and card). */
  visitors: z.number().int(),
  /** vCard downloads ("save contact"); null while they are not counted (`savesCounted` false). */
  saves: z.number().int().nullable(),
  /** Messages received through the cards' contact forms. */
  messages: z.number().int(),
};
export const teamFiguresSchema = z.object({
  from: calendarDateSchema,
  to: calendarDateSchema,
  savesCounted: z.boolean(),
  totals: z.object(figureCounts),
  /** Every day of the range, oldest first, for the chart. */
  days: z.array(z.object({ day: z.string(), ...figureCounts })),
  /** Per team card, with the member it is assigned to (null: unassigned or retired). */
  members: z.array(
    z.object({
      cardId: z.string(),
      cardName: z.string(),
      userId: z.string().nullable(),
      name: z.string().nullable(),
      ...figureCounts,
    }),
  ),
});
export type TeamFigures = z.infer<typeof teamFiguresSchema>;

/** The team and role shown beside a user in the admin's user list. */
export const adminUserTeamSchema = z.object({ id: z.string(), name: z.string(), alias: z.string(), role: teamRoleSchema });
export type AdminUserTeam = z.infer<typeof adminUserTeamSchema>;
