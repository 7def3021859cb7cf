import type { ActivityAction } from './history.js';
import type { NotificationPayload } from './notifications.js';

/**
 * What the history (Historial) keeps of a fact: whose account it concerns, who did it and from
 * where, what it was done to, and the values before and after. `at` dates a fact that follows the
 * test clock (an admin's action on a subscription); otherwise the fact is dated when published.
 */
export type HistoryFact = {
  userId: string | null;
  actorId?: string | null;
  target?: { type: string; id: string };
  origin?: { address: string | null; device: string | null };
  before?: Record<string, unknown>;
  after?: Record<string, unknown>;
  at?: string;
};

/** The actions the history records from a fact of that name (every action but an upload, which has its own event below). */
export type HistoryAction = Exclude<ActivityAction, 'file.uploaded'>;

/**
 * One event per history action (`password.changed`, `admin.catalogue_updated`, ...), published by
 * the module where it happened; the activity module subscribes to all of them with one queue.
 */
export type HistoryEvents = { [A in HistoryAction]: HistoryFact };

/**
 * Domain events: what happened, published by the module where it happened and delivered after
 * commit to the subscribers other modules register at start-up (apps/api/src/platform/events.ts).
 * Payloads carry ids, plus the few facts of the moment subscribers need (so they need not read
 * another module's tables); anything else a subscriber reads as it is when it runs.
 */
export type DomainEvents = HistoryEvents & {
  /**
   * A team's active members changed (a member joined, was removed, the team was created or deleted),
   * published in that write's transaction: `activeMembers` is the count after it (0: the team is gone).
   * Billing counts seats from it; `ownerId` is whose subscription pays them.
   */
  'team.members_changed': { teamId: string; ownerId: string; activeMembers: number };
  /** A visitor's message reached a profile's mailbox (public contact form). */
  'message.received': {
    messageId: string;
    profileId: string;
    /** The profile's owner. */
    userId: string;
    profileName: string;
    profileKind: 'card' | 'tag';
    /** The tag was in lost mode when the message arrived. */
    lostMode: boolean;
    senderName: string;
    senderEmail: string;
    /** The message's first 600 characters. */
    excerpt: string;
  };
  /** A visitor's message came with consent to receive the owner's communications (published with `message.received`). */
  'contact.consented': {
    messageId: string;
    profileId: string;
    userId: string;
    name: string;
    email: string;
    /** The message was sent to a tag in lost mode (its finder). */
    lostMode: boolean;
  };
  /**
   * Contacts of a list began to count for campaigns (imported with consent, or confirmed by email
   * when the import asked them to): automations that start on a list read who joined since.
   */
  'contacts.listed': { userId: string; listId: string };
  /** A finder shared their location with a message to a tag in lost mode (published with `message.received`). */
  'location.shared': { messageId: string; profileId: string; userId: string; lat: number; lng: number; accuracy: number | null };
  /** A tag in lost mode was opened by a visitor (at most once an hour per tag and process: see public-profile). */
  'tag.scanned_lost': { profileId: string; userId: string; profileName: string; at: string };
  /** A new file was stored in a user's cloud (not the same bytes uploaded again): its storage use before it and the plan's limit. */
  'file.uploaded': { fileId: string; userId: string; name: string; sizeBytes: number; usedBytesBefore: number; limitBytes: number };
  /**
   * Emails were counted in the owner's monthly sends (a campaign started, a test send, a mailbox
   * reply): the month's count before and after, its limit, and the month (`2026-11`).
   */
  'sends.counted': { userId: string; before: number; after: number; limit: number; period: string };
  /** An invoice or a credit note was issued (numbered, immutable from now on). */
  'invoice.issued': {
    invoiceId: string;
    userId: string;
    number: string;
    kind: 'invoice' | 'credit_note';
    totalCents: number;
    currency: string;
    /** The invoice of a payment still settling (a SEPA debit): its receipt goes out when it settles (`payment.settled`). */
    awaitingPayment?: boolean;
  };
  /** Every recipient of a campaign is settled (sent, failed, bounced or skipped); published once. */
  'campaign.finished': { campaignId: string; userId: string; campaignName: string; sent: number; failed: number; bounced: number };
  /** A scheduled campaign's time came and it could not start (quota, template gone, nobody left): the error code and its parameters. */
  'campaign.start_failed': {
    campaignId: string;
    userId: string;
    campaignName: string;
    scheduledAt: string;
    reason: NotificationPayload<'campaign_start_failed'>['reason'];
  };
  /** A sending campaign went CAMPAIGN_STALL_MINUTES without an email accepted; published once per stall (`since`). */
  'campaign.stalled': {
    campaignId: string;
    userId: string;
    campaignName: string;
    /** The last progress: with the campaign id, it names the stall. */
    since: string;
    kind: NotificationPayload<'campaign_stalled'>['kind'];
    detail: string;
  };
  /** The owner's complaint rate went over the limit: these sending campaigns were paused (rate and limit as "0.45 %"). */
  'campaigns.paused': { userId: string; campaigns: { id: string; name: string }[]; rate: string; limit: string; complaints: number };
  /** A charge was declined: its failed payment was recorded. */
  'payment.failed': { paymentId: string; userId: string; amountCents: number; currency: string };
  /** A charge went through: its payment and the change it paid for committed. */
  'payment.succeeded': { paymentId: string; userId: string; amountCents: number; currency: string };
  /** A payment that was settling (a SEPA debit) was paid: its invoice's receipt goes out now. */
  'payment.settled': { paymentId: string; userId: string; invoiceId: string | null; amountCents: number; currency: string };
  /**
   * A payment that was settling failed after its service was delivered (a returned SEPA debit): its
   * invoice was credited in full (`creditNoteNumber`) and what it paid for was ended or reverted.
   */
  'payment.reversed': {
    paymentId: string;
    userId: string;
    amountCents: number;
    currency: string;
    reason: string;
    invoiceNumber: string | null;
    creditNoteNumber: string | null;
  };
  /**
   * The customer's bank disputed a payment (a chargeback; its provider reported it): recorded once
   * per dispute. The admins are notified; the customer is told nothing (they started it).
   */
  'payment.disputed': {
    paymentId: string;
    userId: string;
    subscriptionId: string | null;
    disputeId: string;
    amountCents: number;
    currency: string;
    reason: string;
    status: string;
    evidenceDueBy: string | null;
  };
  /**
   * A dispute was closed: `won` (no money changed) or `lost` (the bank took the amount back: a credit
   * note for it, `creditNoteNumber`, and what the payment paid for undone as for a returned debit).
   */
  'payment.dispute_closed': {
    paymentId: string;
    userId: string;
    disputeId: string;
    amountCents: number;
    currency: string;
    outcome: 'won' | 'lost';
    creditNoteNumber: string | null;
  };
  /**
   * A renewal's off-session charge needs the customer to authenticate (3-D Secure): the subscription
   * is past due and waits for them; the email links to the payment's page.
   */
  'renewal.action_required': {
    subscriptionId: string;
    userId: string;
    paymentId: string;
    planName: string;
    amountCents: number;
    currency: string;
    periodEnd: string;
    /** `seats`: an off-session charge for seats added in the period, not the renewal (absent: the renewal). */
    purpose?: 'renewal' | 'seats';
    /**
     * What the customer does on the payment's page: `authentication` (absent too) the bank's step for
     * a card charged; `payment` pay it themselves (no card to charge: Bizum, or a card, from the link).
     */
    waitingFor?: 'authentication' | 'payment';
  };
  /** A renewal's attempt found no payment method to charge (no payment exists); `attempt` counts from 1 in the period ending `periodEnd`. */
  'renewal.no_payment_method': { subscriptionId: string; userId: string; planName: string; periodEnd: string; attempt: number };
  /**
   * A paid subscription not cancelling renews within a week: its reminder, published once per period
   * (`endsAt`), with what the renewal will charge (with tax, as the invoice will compute it) and the
   * card it will charge (null: none saved).
   */
  'renewal.reminder_due': {
    subscriptionId: string;
    userId: string;
    planName: string;
    endsAt: string;
    amountCents: number | null;
    currency: string;
    card: { brand: string; last4: string } | null;
  };
  /**
   * A renewal's attempt failed (a decline, or no card): `attempt` counts from 1 in the period ending
   * `periodEnd`, `reason` is the error code, `nextAttemptAt` the next retry (null after the last one).
   */
  'renewal.payment_failed': {
    subscriptionId: string;
    userId: string;
    planName: string;
    periodEnd: string;
    attempt: number;
    reason: string;
    nextAttemptAt: string | null;
  };
  /**
   * A subscription stopped running (`cancelled` or `expired`): at its period end after a cancel, after
   * the last failed retry, by an admin, or by a credit note that ended its service. The user is on
   * the Free plan from `endedAt`; nothing of theirs is deleted.
   */
  'subscription.ended': {
    subscriptionId: string;
    userId: string;
    endedAt: string;
    reason: 'period_end' | 'payment_failed' | 'admin' | 'credited';
  };
};

export type DomainEventName = keyof DomainEvents;
