/**
 * Domain events: what happened, published by the module where it happened and delivered after
 * commit to the subscribers other modules register at start-up (apps/api/src/platform/events.ts).
 * Payloads carry ids, plus the few facts of the moment subscribers need (so they need not read
 * another module's tables); anything else a subscriber reads as it is when it runs.
 */
export type DomainEvents = {
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
  /** A tag in lost mode was opened by a visitor (at most once an hour per tag and process: see public-profile). */
  'tag.scanned_lost': { profileId: string; userId: string; profileName: string; at: string };
  /** A file was stored in a user's cloud. */
  'file.uploaded': { fileId: string; userId: string; sizeBytes: number };
  /** A user reached a plan limit (storage, monthly sends, profiles…). */
  'quota.reached': { userId: string; quota: 'storage' | 'sends' | 'profiles' | 'tags'; limit: number };
  /** An invoice or a credit note was issued (numbered, immutable from now on). */
  'invoice.issued': {
    invoiceId: string;
    userId: string;
    number: string;
    kind: 'invoice' | 'credit_note';
    totalCents: number;
    currency: string;
  };
  /** Every recipient of a campaign is settled (sent, failed, bounced or skipped); published once. */
  'campaign.finished': { campaignId: string; userId: string; campaignName: string; sent: number; failed: number; bounced: number };
};

export type DomainEventName = keyof DomainEvents;
