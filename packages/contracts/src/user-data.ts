import { z } from 'zod';

/**
 * "Export my data" (`GET /api/options/export`): one section per module, each listing what that
 * module stores about the user. Every object is strict: a field not declared here (a password hash,
 * a session token, a storage key) makes the export fail instead of leaking.
 */
const at = z.string();
const when = at.nullable();
const json = z.record(z.string(), z.unknown());

export const userDataAccountSchema = z.strictObject({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  alias: z.string(),
  previousAliases: z.array(z.string()),
  codigo: z.string(),
  role: z.string(),
  status: z.string(),
  locale: z.string().nullable(),
  timeZone: z.string().nullable(),
  theme: z.string(),
  phone: z.string().nullable(),
  country: z.string().nullable(),
  billingAddress: json.nullable(),
  taxId: z.string().nullable(),
  notificationEmails: z.array(z.string()),
  emailVerifiedAt: when,
  createdAt: at,
  /** Signed-in devices (the token itself is never stored, and never exported). */
  sessions: z.array(z.strictObject({ device: z.string().nullable(), createdAt: at, lastUsedAt: at })),
});

export const userDataProfilesSchema = z.strictObject({
  profiles: z.array(
    z.strictObject({
      id: z.string(),
      kind: z.string(),
      name: z.string(),
      visibility: z.string(),
      contactForm: z.boolean(),
      wall: z.boolean(),
      sectionOrder: z.string(),
      theme: json,
      card: json.nullable(),
      tag: json.nullable(),
      folderId: z.string().nullable(),
      photoFileId: z.string().nullable(),
      coverFileId: z.string().nullable(),
      createdAt: at,
      updatedAt: at,
      deletedAt: when,
    }),
  ),
  folders: z.array(z.strictObject({ id: z.string(), kind: z.string(), name: z.string(), color: z.string(), createdAt: at })),
  labels: z.array(z.strictObject({ id: z.string(), kind: z.string(), name: z.string(), color: z.string(), createdAt: at })),
});

export const userDataMessageSchema = z.strictObject({
  id: z.string(),
  profileId: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  body: z.string(),
  consent: z.boolean(),
  location: json.nullable(),
  read: z.boolean(),
  starred: z.boolean(),
  archived: z.boolean(),
  replies: z.array(json),
  createdAt: at,
  deletedAt: when,
});

export const userDataFileSchema = z.strictObject({
  id: z.string(),
  name: z.string(),
  mimeType: z.string(),
  sizeBytes: z.number(),
  createdAt: at,
  deletedAt: when,
});

export const userDataSubscriptionSchema = z.strictObject({
  id: z.string(),
  plan: z.string(),
  status: z.string(),
  currentPeriodStart: at,
  currentPeriodEnd: when,
  cancelAtPeriodEnd: z.boolean(),
  createdAt: at,
});

export const userDataDeliverySchema = z.strictObject({
  id: z.string(),
  kind: z.string(),
  toEmail: z.string(),
  subject: z.string(),
  status: z.string(),
  createdAt: at,
  sentAt: when,
});

export const userDataActivitySchema = z.strictObject({
  action: z.string(),
  targetType: z.string().nullable(),
  targetId: z.string().nullable(),
  address: z.string().nullable(),
  device: z.string().nullable(),
  before: json.nullable(),
  after: json.nullable(),
  createdAt: at,
});

export const userDataNotificationSchema = z.strictObject({ id: z.string(), type: z.string(), payload: json, readAt: when, createdAt: at });

export const userDataTemplateSchema = z.strictObject({
  id: z.string(),
  name: z.string(),
  subject: z.string(),
  bodyHtml: z.string(),
  createdAt: at,
  updatedAt: at,
  deletedAt: when,
});

export const userDataSuppressionSchema = z.strictObject({ email: z.string(), reason: z.string(), createdAt: at });

export const userDataWallPostSchema = z.strictObject({
  id: z.string(),
  profileId: z.string(),
  title: z.string(),
  bodyHtml: z.string(),
  linkUrl: z.string().nullable(),
  pinned: z.boolean(),
  status: z.string(),
  scheduledAt: when,
  publishedAt: when,
  createdAt: at,
  updatedAt: at,
  deletedAt: when,
});

/** A campaign and the people it was sent to (recipients exist once it started sending). */
export const userDataCampaignSchema = z.strictObject({
  id: z.string(),
  name: z.string(),
  templateName: z.string().nullable(),
  state: z.string(),
  subject: z.string().nullable(),
  bodyHtml: z.string().nullable(),
  /** Who it was sent as (copied when it was scheduled or started). */
  sender: z.strictObject({ name: z.string(), postalAddress: z.string(), replyTo: z.string(), tracking: z.boolean().optional() }).nullable(),
  scheduledAt: when,
  startedAt: when,
  finishedAt: when,
  createdAt: at,
  updatedAt: at,
  deletedAt: when,
  recipients: z.array(
    z.strictObject({
      email: z.string(),
      name: z.string(),
      state: z.string(),
      sentAt: when,
      openedAt: when,
      clickedAt: when,
      unsubscribedAt: when,
    }),
  ),
});

export const userDataContactListSchema = z.strictObject({
  id: z.string(),
  name: z.string(),
  createdAt: at,
  contacts: z.array(z.strictObject({ email: z.string(), name: z.string().nullable(), createdAt: at })),
});

/**
 * Saved methods show kind, brand, last four and expiry only (the provider's reference is never
 * exported), and a SEPA account the mandate the customer accepted: its text, when, from which IP and browser.
 */
export const userDataPaymentsSchema = z.strictObject({
  methods: z.array(
    z.strictObject({
      id: z.string(),
      kind: z.string(),
      brand: z.string(),
      last4: z.string(),
      expMonth: z.number().nullable(),
      expYear: z.number().nullable(),
      mandate: z.strictObject({ text: z.string(), acceptedAt: z.string(), ip: z.string(), userAgent: z.string() }).nullable(),
      isDefault: z.boolean(),
      removedAt: when,
      createdAt: at,
    }),
  ),
  payments: z.array(
    z.strictObject({
      id: z.string(),
      amountCents: z.number(),
      refundedCents: z.number(),
      currency: z.string(),
      status: z.string(),
      purpose: z.string(),
      description: json,
      methodBrand: z.string().nullable(),
      methodLast4: z.string().nullable(),
      invoiceNumber: z.string().nullable(),
      createdAt: at,
    }),
  ),
  scheduledPlanChanges: z.array(z.strictObject({ subscriptionId: z.string(), offerId: z.string(), createdAt: at })),
  /** The credit balance's ledger (a plan change's credit added, what later invoices used), before tax. */
  creditBalance: z.array(
    z.strictObject({ kind: z.enum(['plan_change', 'applied']), amountCents: z.number(), paymentId: z.string(), createdAt: at }),
  ),
});

export const userDataInvoiceSchema = z.strictObject({
  id: z.string(),
  kind: z.string(),
  number: z.string(),
  issuedAt: at,
  createdAt: at,
  currency: z.string(),
  subtotalCents: z.number(),
  taxCents: z.number(),
  totalCents: z.number(),
  status: z.string(),
});

export const userDataSectionsSchema = z.strictObject({
  account: userDataAccountSchema,
  /** Two-factor sign-in: since when it is on (null: off), how many recovery codes are unused, how many addresses have signed in (hashed, so not listed). */
  signIn: z.strictObject({ twoFactorSince: when, recoveryCodesLeft: z.number().int(), knownAddresses: z.number().int() }),
  /** The passkeys the user signs in with: their names and dates (the public keys are only the server's to check). */
  passkeys: z.array(z.strictObject({ name: z.string(), createdAt: at, lastUsedAt: when })),
  /** The user's webhook endpoints (never their signing secrets; the delivery log is not part of the export). */
  webhooks: z.array(
    z.strictObject({ url: z.string(), description: z.string(), events: z.array(z.string()), enabled: z.boolean(), createdAt: at }),
  ),
  /**
   * The teams the user was in: team, role, the job title and phone the team kept, dates. Listed before
   * the cards: on an account's deletion a member's team card goes back to the team first.
   */
  team: z.strictObject({
    memberships: z.array(
      z.strictObject({
        teamId: z.string(),
        teamName: z.string(),
        role: z.string(),
        status: z.string(),
        jobTitle: z.string().nullable(),
        phone: z.string().nullable(),
        joinedAt: at,
        removedAt: when,
      }),
    ),
  }),
  profiles: userDataProfilesSchema,
  messages: z.array(userDataMessageSchema),
  files: z.array(userDataFileSchema),
  subscriptions: z.array(userDataSubscriptionSchema),
  deliveries: z.array(userDataDeliverySchema),
  activity: z.array(userDataActivitySchema),
  notifications: z.array(userDataNotificationSchema),
  templates: z.array(userDataTemplateSchema),
  suppressions: z.array(userDataSuppressionSchema),
  /** The user's automations: their trigger and steps, and the people in each (the emails sent are in `campaigns`). */
  automations: z.array(
    z.strictObject({
      name: z.string(),
      state: z.string(),
      trigger: z.record(z.string(), z.unknown()),
      createdAt: at,
      steps: z.array(
        z.strictObject({ position: z.number(), templateName: z.string().nullable(), delayMinutes: z.number(), condition: z.string() }),
      ),
      people: z.array(
        z.strictObject({
          email: z.string(),
          name: z.string(),
          state: z.string(),
          nextStep: z.number(),
          stopReason: z.string().nullable(),
          enrolledAt: at,
        }),
      ),
    }),
  ),
  /** The user's contact fields with every value they hold, and their segments' rules. */
  contactFields: z.array(
    z.strictObject({
      name: z.string(),
      type: z.string(),
      choices: z.array(z.string()),
      onForm: z.boolean(),
      createdAt: at,
      values: z.array(z.strictObject({ email: z.string(), value: z.union([z.string(), z.number()]), updatedAt: at })),
    }),
  ),
  segments: z.array(z.strictObject({ name: z.string(), rule: z.record(z.string(), z.unknown()), createdAt: at, updatedAt: at })),
  /** How the user takes consents (null: never changed, the defaults), and the proof of every consent they were given. */
  consents: z.strictObject({
    settings: z
      .strictObject({
        doubleOptIn: z.boolean(),
        subject: z.string().nullable(),
        body: z.string().nullable(),
        thanks: z.string().nullable(),
        pendingDays: z.number(),
        updatedAt: at,
      })
      .nullable(),
    proofs: z.array(
      z.strictObject({
        email: z.string(),
        source: z.string(),
        origin: z.string(),
        text: z.string(),
        textVersion: z.string(),
        locale: z.string(),
        method: z.string(),
        givenAt: at,
        confirmationSentAt: when,
        confirmedAt: when,
        expiresAt: when,
        expiredAt: when,
      }),
    ),
  }),
  wallPosts: z.array(userDataWallPostSchema),
  campaigns: z.array(userDataCampaignSchema),
  /** Who the user's campaigns come from, if they saved it. */
  campaignSender: z.strictObject({ name: z.string(), postalAddress: z.string(), tracking: z.boolean(), updatedAt: at }).nullable(),
  /** What a team's identity provider said about the user through SCIM (its id for them, their name parts, department…) and the team groups it put them in. */
  scim: z.strictObject({
    users: z.array(z.strictObject({ teamId: z.string(), externalId: z.string().nullable(), attributes: json, updatedAt: at })),
    groups: z.array(z.strictObject({ teamId: z.string(), displayName: z.string() })),
  }),
  /** The user's custom domains (hosts their cards, tags or team are served at). */
  customDomains: z.array(
    z.strictObject({
      host: z.string(),
      status: z.string(),
      profileId: z.string().nullable(),
      teamId: z.string().nullable(),
      createdAt: at,
      verifiedAt: when,
    }),
  ),
  /** The CRMs the user connected, for their cards or their team's (never the tokens; the sync log is not part of the export). */
  crmConnections: z.array(
    z.strictObject({ provider: z.string(), scope: z.string(), accountName: z.string(), status: z.string(), createdAt: at }),
  ),
  /** The user's own sending domains (never their DKIM private keys). */
  sendingDomains: z.array(
    z.strictObject({
      domain: z.string(),
      address: z.string(),
      selector: z.string(),
      status: z.string(),
      inUse: z.boolean(),
      createdAt: at,
      verifiedAt: when,
    }),
  ),
  contactLists: z.array(userDataContactListSchema),
  /** The guided start's checklist on the dashboard: when it began, which steps were recorded, whether it was dismissed. */
  onboarding: z.strictObject({ startedAt: at, previewedAt: when, sharedAt: when, dismissedAt: when }).nullable(),
  payments: userDataPaymentsSchema,
  /** Promotion codes redeemed at checkout (a reservation while its charge was under way), before tax. */
  couponRedemptions: z.array(
    z.strictObject({
      code: z.string(),
      couponName: z.string(),
      status: z.string(),
      amountOffCents: z.number(),
      invoiceNumber: z.string().nullable(),
      redeemedAt: when,
      createdAt: at,
    }),
  ),
  invoices: z.array(userDataInvoiceSchema),
});
export type UserDataSections = z.infer<typeof userDataSectionsSchema>;
export type UserDataSection = keyof UserDataSections;

export const userDataExportSchema = userDataSectionsSchema.extend({ exportedAt: at });
export type UserDataExport = z.infer<typeof userDataExportSchema>;
