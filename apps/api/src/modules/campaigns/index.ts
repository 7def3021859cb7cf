/** The campaigns module (campañas): drafts, scheduling, the sender, tracking links, the unsubscribe page and the bounce webhook. */
export type { CampaignsService } from './service.js';
export { saveSender } from './sender-identity.js';
export type { AutomationSteps, StepEngagement, StepRecipient } from './automation-steps.js';
export type { ReviewMe } from './review.js';
export { engagedAddresses, segmentSignals } from './engagement-pieces.js';
