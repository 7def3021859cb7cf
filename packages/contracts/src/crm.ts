import { z } from 'zod';

/** The CRMs a captured lead can go to (docs/teams.md, "Leads into your CRM"). */
export const CRM_PROVIDERS = ['hubspot', 'salesforce'] as const;
export const crmProviderSchema = z.enum(CRM_PROVIDERS);
export type CrmProvider = z.infer<typeof crmProviderSchema>;

/** Whose cards a connection serves: the user's own cards, or every card of the team its owner connected it for. */
export const CRM_SCOPES = ['user', 'team'] as const;
export const crmScopeSchema = z.enum(CRM_SCOPES);
export type CrmScope = z.infer<typeof crmScopeSchema>;

export const CRM_SYNC_STATUSES = ['pending', 'succeeded', 'failed'] as const;
export type CrmSyncStatus = (typeof CRM_SYNC_STATUSES)[number];

export const crmConnectionSchema = z.object({
  id: z.uuid(),
  provider: crmProviderSchema,
  scope: crmScopeSchema,
  /** The CRM account as the vendor names it (HubSpot's hub domain, Salesforce's instance host). */
  accountName: z.string(),
  /** `reconnect`: the CRM refused the stored tokens; leads wait in the log until it is connected again. */
  status: z.enum(['connected', 'reconnect']),
  createdAt: z.string(),
});
export type CrmConnection = z.infer<typeof crmConnectionSchema>;

/** Each CRM as the operator set it up: a CRM without its app's client id and secret cannot be connected. */
export const crmOverviewSchema = z.object({
  providers: z.array(z.object({ provider: crmProviderSchema, configured: z.boolean() })),
  connections: z.array(crmConnectionSchema),
  /** The user owns a team: they may connect a CRM for all its cards. */
  teamOwner: z.boolean(),
});
export type CrmOverview = z.infer<typeof crmOverviewSchema>;

export const crmConnectBodySchema = z.object({ provider: crmProviderSchema, scope: crmScopeSchema.default('user') });
export type CrmConnectBody = z.infer<typeof crmConnectBodySchema>;
/** Where to send the browser: the vendor's consent page (the answer comes back to the callback route). */
export const crmConnectAnswerSchema = z.object({ authorizeUrl: z.string() });

export const crmConnectionParamsSchema = z.object({ id: z.uuid() });

export const crmSyncSchema = z.object({
  id: z.uuid(),
  messageId: z.uuid(),
  senderEmail: z.string(),
  status: z.enum(CRM_SYNC_STATUSES),
  attempts: z.number().int(),
  /** The vendor's last refusal or the network error, as they worded it; null after a success. */
  lastError: z.string().nullable(),
  lastStatus: z.number().int().nullable(),
  nextAttemptAt: z.string().nullable(),
  /** The lead's record in the CRM (HubSpot contact, Salesforce lead), once it is there. */
  recordUrl: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type CrmSync = z.infer<typeof crmSyncSchema>;

/** A message's record in the CRM, as the mailbox shows it. */
export const messageCrmLinkSchema = z.object({ provider: crmProviderSchema, url: z.string() });
export type MessageCrmLink = z.infer<typeof messageCrmLinkSchema>;

/** What the vendor sent back to the callback page (`/user/crm/callback`), handed to the API by the page. */
export const crmCallbackBodySchema = z.object({ code: z.string().min(1).max(4000), state: z.string().min(1).max(200) });
export type CrmCallbackBody = z.infer<typeof crmCallbackBodySchema>;
