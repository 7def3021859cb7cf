import type { Transaction } from '../db/client.js';

export type OutgoingEmail = {
  to: string;
  subject: string;
  html: string;
  text: string;
  userId: string | null;
  kind: 'system' | 'reply' | 'test' | 'campaign' | 'confirmation';
  /** Where the recipient's answer goes (a mailbox reply goes back to the profile's owner). */
  replyTo?: string;
  /** Instead of MAIL_FROM (a campaign's test send comes from its sender, as the campaign will). */
  from?: string;
  /**
   * From the owner's own sending domain (a campaign's test send, when the domain is verified and in
   * use): the job signs it with that domain's key, read when it sends; if the domain is no longer
   * verified and in use by then, it goes out From `fallbackFrom` ("<name> via <platform>") instead.
   */
  ownDomain?: { id: string; fallbackFrom: string };
  /** Header fields of its own (a campaign's test send carries the campaign's list headers), as written. */
  headers?: Record<string, string>;
  /** Files sent with it (a receipt's invoice PDF), base64: they travel in the send job, never in the deliveries log. */
  attachments?: EmailAttachment[];
};

/**
 * Kinds whose message holds a live single-use link (a verification, a reset, a confirmation of
 * consent): their body is never kept with SMTP, nor shown in Comunicaciones.
 */
export const SECRET_LINK_KINDS: readonly OutgoingEmail['kind'][] = ['system', 'confirmation'];

export type EmailAttachment = { filename: string; contentType: string; contentBase64: string };

export type SendOptions = {
  /** Enqueue inside this transaction: the email exists only if the transaction commits. */
  tx?: Transaction;
  /** The same key never makes a second email (a retried job that enqueues an email, for instance). */
  idempotencyKey?: string;
};

/**
 * The transactional mailer every module sends through (Platform.mailer). It is made by the
 * communications module (modules/communications/mailer.ts), which owns the `deliveries` table it
 * writes; app.ts hands it to the modules, so the platform names what it does, not where it lives.
 */
export type Mailer = {
  /** Queues the email durably (delivery row + job) and returns once both are committed. */
  send(email: OutgoingEmail, options?: SendOptions): Promise<'queued' | 'duplicate'>;
  /** Queues without making the caller wait (forgot password, resend: timing must not tell whether an account exists). */
  sendInBackground(email: OutgoingEmail): void;
  /** Runs work after the answer has gone (tracked, so shutdown waits for it; failures are logged). Not durable. */
  defer(work: () => Promise<unknown>): void;
  /** Waits for deferred work; call before stopping the job queue. */
  drain(): Promise<void>;
  close(): void;
};
