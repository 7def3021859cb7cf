/**
 * Domain events: what happened, published by the module where it happened and delivered after
 * commit to the subscribers other modules register at start-up (apps/api/src/platform/events.ts).
 * Payloads carry ids, not rows: a subscriber reads the current state when it runs.
 */
export type DomainEvents = {
  /** A visitor's message reached a profile's mailbox (public contact form). */
  'message.received': { messageId: string; profileId: string; userId: string };
  /** A file was stored in a user's cloud. */
  'file.uploaded': { fileId: string; userId: string; sizeBytes: number };
  /** A user reached a plan limit (storage, monthly sends, profiles…). */
  'quota.reached': { userId: string; quota: 'storage' | 'sends' | 'profiles' | 'tags'; limit: number };
};

export type DomainEventName = keyof DomainEvents;
