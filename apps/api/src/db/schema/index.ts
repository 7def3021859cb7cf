// Every table, re-exported from the module that owns it (drizzle-kit and the db client read this file).
// Modules never import from here: they ask the owning module's index.ts.
export * from '../../platform/schema.js';
export * from '../../modules/account/schema.js';
export * from '../../modules/passkeys/schema.js';
export * from '../../modules/auth/schema.js';
export * from '../../modules/activity/schema.js';
export * from '../../modules/catalogue/schema.js';
export * from '../../modules/subscriptions/schema.js';
export * from '../../modules/collections/schema.js';
export * from '../../modules/cloud/schema.js';
export * from '../../modules/profiles/schema.js';
export * from '../../modules/public-profile/schema.js';
export * from '../../modules/mailbox/schema.js';
export * from '../../modules/communications/schema.js';
export * from '../../modules/notifications/schema.js';
export * from '../../modules/templates/schema.js';
export * from '../../modules/audience/schema.js';
export * from '../../modules/invoices/schema.js';
export * from '../../modules/payments/schema.js';
export * from '../../modules/walls/schema.js';
export * from '../../modules/campaigns/schema.js';
export * from '../../modules/renewals/schema.js';
export * from '../../modules/admin-metrics/schema.js';
export * from '../../modules/onboarding/schema.js';
export * from '../../modules/wallet/schema.js';
export * from '../../modules/webhooks/schema.js';
export * from '../../modules/teams/schema.js';
