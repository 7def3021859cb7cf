import { z } from 'zod';
import { roleSchema } from './common.js';
import { emailSchema } from './accounts.js';
import { adminUserTeamSchema } from './teams.js';

export const USER_STATUSES = ['pending', 'active', 'suspended', 'deleted'] as const;
export const userStatusSchema = z.enum(USER_STATUSES);

export const adminUserRowSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  alias: z.string(),
  codigo: z.string(),
  role: roleSchema,
  status: userStatusSchema,
  accountType: z.string().nullable(),
  plan: z.string().nullable(),
  /** The team the user belongs to (as an active member) and their role in it; null: none. */
  team: adminUserTeamSchema.nullable(),
  createdAt: z.string(),
});
export type AdminUserRow = z.infer<typeof adminUserRowSchema>;

export const USER_SORTS = ['createdAt', 'name', 'email'] as const;
export const adminUsersQuerySchema = z.object({
  search: z.string().trim().max(100).optional(),
  status: userStatusSchema.optional(),
  accountTypeId: z.uuid().optional(),
  planCode: z.string().max(40).optional(),
  /** `member`: users in a team (any role); `owner`: team owners; `none`: users in no team. */
  team: z.enum(['member', 'owner', 'none']).optional(),
  sort: z.enum(USER_SORTS).default('createdAt'),
  dir: z.enum(['asc', 'desc']).default('desc'),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
});
export type AdminUsersQuery = z.infer<typeof adminUsersQuerySchema>;

export const adminUsersPageSchema = z.object({
  ok: z.literal(1),
  data: z.array(adminUserRowSchema),
  meta: z.object({ page: z.number(), pageSize: z.number(), total: z.number() }),
});

export const adminUserDetailSchema = adminUserRowSchema.extend({
  phone: z.string().nullable(),
  country: z.string().nullable(),
  emailVerifiedAt: z.string().nullable(),
  counts: z.object({ cards: z.number(), tags: z.number() }),
  subscription: z.object({ plan: z.string(), status: z.string(), periodStart: z.string(), periodEnd: z.string().nullable() }).nullable(),
});
export type AdminUserDetail = z.infer<typeof adminUserDetailSchema>;

export const createAdminBodySchema = z.object({ name: z.string().trim().min(2).max(120), email: emailSchema });

/**
 * A catalogue item's name per language (PRODUCT.md section 6): English, the fallback of every name
 * lookup, is required; Spanish and Japanese are optional — left out, empty or null, the item shows
 * its English name to those viewers (and is stored without them).
 */
const catalogueName = z.string().trim().min(1).max(80);
const optionalCatalogueName = z
  .string()
  .trim()
  .max(80)
  .nullish()
  .transform((name) => name || undefined);
export const catalogueNamesSchema = z.object({ en: catalogueName, es: optionalCatalogueName, jp: optionalCatalogueName });
export type CatalogueNames = z.infer<typeof catalogueNamesSchema>;

export const accountTypeAdminSchema = z.object({
  id: z.string(),
  code: z.string(),
  /** In the viewer's language. */
  name: z.string(),
  /** Each language's own name; '' for a language that has none (it shows the English name). */
  names: z.object({ en: z.string(), es: z.string(), jp: z.string() }),
  requiresTaxId: z.boolean(),
  active: z.boolean(),
  users: z.number(),
});
export type AccountTypeAdmin = z.infer<typeof accountTypeAdminSchema>;
export const accountTypeBodySchema = z.object({
  code: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^[a-z0-9-]{2,40}$/, { error: 'validation.invalid_format' }),
  /** The base name, kept for older clients; the English name when left out. */
  name: z.string().trim().min(2).max(80).optional(),
  names: catalogueNamesSchema,
  requiresTaxId: z.boolean(),
});
