import { z } from 'zod';
import { calendarDateSchema } from './common.js';

/** Every kind of event the history records; the API writes only these, the screens describe each. */
export const ACTIVITY_ACTIONS = [
  'auth.sign_in',
  'auth.sign_in_failed',
  'account.registered',
  'account.verified',
  'account.updated',
  'preferences.updated',
  'email.change_requested',
  'email.changed',
  'password.changed',
  'password.reset_requested',
  'password.reset',
  'alias.changed',
  'notifications.updated',
  'data.exported',
  'token.created',
  'token.revoked',
  'account.deleted',
  'admin.user_suspended',
  'admin.user_reactivated',
  'admin.user_verified',
  'admin.reset_sent',
  'admin.admin_created',
  'admin.admin_disabled',
  'admin.admin_enabled',
  'admin.account_type_created',
  'admin.account_type_updated',
  'admin.account_type_activated',
  'admin.account_type_deactivated',
  'admin.account_type_deleted',
  'admin.catalogue_created',
  'admin.catalogue_updated',
  'admin.catalogue_activated',
  'admin.catalogue_deactivated',
  'admin.catalogue_deleted',
  'admin.eu_vat_rate_updated',
  'admin.smtp_relay_created',
  'admin.smtp_relay_updated',
  'admin.smtp_relay_deleted',
  'profile.created',
  'profile.updated',
  'profile.trashed',
  'profile.restored',
  'file.uploaded',
  'file.renamed',
  'file.trashed',
  'file.restored',
  'message.restored',
  'admin.subscription_cancelled',
  'admin.subscription_extended',
  'admin.dispute_recorded',
  'admin.dispute_closed',
  'team.created',
  'team.updated',
  'team.deleted',
  'team.template_changed',
  'team.member_invited',
  'team.invitation_revoked',
  'team.member_joined',
  'team.member_updated',
  'team.member_removed',
  'team.card_reassigned',
  'team.card_retired',
  'team.scim_token_created',
  'team.scim_token_revoked',
  'team.scim_settings_changed',
  'team.group_created',
  'team.group_changed',
  'team.group_deleted',
  'team.crm_connected',
  'team.crm_disconnected',
  'team.sso_changed',
] as const;
export type ActivityAction = (typeof ACTIVITY_ACTIONS)[number];
/** The actions recorded from an event of the same name (an upload's row comes from `file.uploaded`, whose payload differs). */
export const HISTORY_ACTIONS = ACTIVITY_ACTIONS.filter(
  (action): action is Exclude<ActivityAction, 'file.uploaded'> => action !== 'file.uploaded',
);

export const activityEventSchema = z.object({
  id: z.string(),
  action: z.string(),
  createdAt: z.string(),
  userId: z.string().nullable(),
  userName: z.string().nullable(),
  /** The user's email, so two people of the same name can be told apart. */
  userEmail: z.string().nullable(),
  actorId: z.string().nullable(),
  actorName: z.string().nullable(),
  actorEmail: z.string().nullable(),
  targetType: z.string().nullable(),
  targetId: z.string().nullable(),
  address: z.string().nullable(),
  device: z.string().nullable(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
});
export type ActivityEvent = z.infer<typeof activityEventSchema>;

/** Keyset pagination: pass `meta.nextCursor` back as `cursor` for the next page. */
export const historyQuerySchema = z.object({
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(25),
  action: z.string().max(60).optional(),
  userId: z.uuid().optional(),
  from: calendarDateSchema.optional(),
  to: calendarDateSchema.optional(),
});
export type HistoryQuery = z.infer<typeof historyQuerySchema>;

export const historyPageSchema = z.object({
  ok: z.literal(1),
  data: z.array(activityEventSchema),
  meta: z.object({ nextCursor: z.string().nullable() }),
});
