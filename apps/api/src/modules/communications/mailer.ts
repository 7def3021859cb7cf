import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Config, DkimKey } from '../../config.js';
import { dkimOptions } from '../../lib/dkim.js';
import type { Database, Transaction } from '../../db/client.js';
import { smtpOptions, withDeadline } from '../../lib/smtp.js';
import { loggedEmailLinks } from '../../lib/start-banner.js';
import type { Jobs } from '../../platform/jobs.js';
import { defineJob } from '../../platform/job-list.js';
import { SECRET_LINK_KINDS, type Mailer, type OutgoingEmail, type SendOptions } from '../../platform/mailer.js';
import { deliveries } from './schema.js';

type EmailJob = {
  deliveryId: string;
  email: Pick<OutgoingEmail, 'to' | 'subject' | 'html' | 'text' | 'replyTo' | 'from' | 'attachments' | 'headers' | 'ownDomain'>;
};

declare module '../../platform/jobs.js' {
  interface JobPayloads {
    'email.send': EmailJob;
  }
}

/** A UUID derived from a key, so the same key always names the same delivery row and job. */
function uuidFrom(key: string): string {
  const h = createHash('sha256').update(`enlaza-delivery:${key}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-8${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/**
 * Every email goes through the job queue: one `deliveries` row (comunicaciones) and one `email.send`
 * job, written in the same transaction. The job sends over SMTP with a Message-ID fixed by the
 * delivery, then marks the row sent; a retried job whose row is already sent does nothing.
 *
 * The crash window (docs/sending.md, "Email delivery"): a process that dies after the SMTP server accepted a
 * message and before the row is marked sent leaves the job to be retried, and the message goes out
 * again with the same Message-ID (at-least-once). We prefer a rare duplicate that receivers can
 * recognise by its Message-ID over a lost verification or reset email.
 *
 * With no SMTP server configured (the embedded default) the message is written to the log and kept
 * in the table with its text, so links such as the verification one stay reachable.
 */
export function createMailer(
  db: Database,
  config: Pick<Config, 'smtp' | 'mailFrom'> & Partial<Pick<Config, 'smtpSendTimeoutMs'>>,
  log: FastifyBaseLogger,
  jobs: Jobs,
  /** An owner's sending domain's key while it is verified and in use, else null (sending-domains' createDomainKeyReader). */
  domainKey: (domainId: string) => Promise<DkimKey | null>,
): Mailer {
  const sendTimeoutMs = config.smtpSendTimeoutMs ?? 60_000;
  const transport: Transporter | null = config.smtp ? nodemailer.createTransport(smtpOptions(config.smtp)) : null;
  const domain = /@([^>\s]+)>?\s*$/.exec(config.mailFrom)?.[1] ?? 'enlaza.local';
  const inFlight = new Set<Promise<unknown>>();
  const platformAddress = /<([^<>]*)>\s*$/.exec(config.mailFrom)?.[1] ?? config.mailFrom.trim();

  // Its policy is in platform/job-list.ts. Expiry: JOB_TIMEOUT_SECONDS, which must stay above the send
  // deadline (SMTP_SEND_TIMEOUT_SECONDS).
  void defineJob(jobs, 'email.send', async ({ deliveryId, email }, job) => {
    const [row] = await db.select({ status: deliveries.status }).from(deliveries).where(eq(deliveries.id, deliveryId));
    // Already sent by an earlier run that died before the job was marked complete.
    if (!row || row.status === 'sent' || row.status === 'logged') return;
    if (!transport) {
      log.info({ to: email.to, subject: email.subject }, `email (no SMTP configured):\n${email.text}`);
      // Each link on a line of its own: the verification link can be copied from the terminal.
      for (const line of loggedEmailLinks(email)) log.info(line);
      await db
        .update(deliveries)
        .set({ status: 'logged', sentAt: sql`now()` })
        .where(eq(deliveries.id, deliveryId));
      return;
    }
    try {
      // A send that outlives its deadline is given up and retried (at-least-once, as above).
      const { attachments, ownDomain, ...message } = email;
      // From the owner's own domain: signed with its key (DMARC aligns with that From), or "via" if it is no longer verified.
      const ownKey = ownDomain ? await domainKey(ownDomain.id) : null;
      if (ownDomain && !ownKey) message.from = ownDomain.fallbackFrom;
      const files = attachments?.map((a) => ({
        filename: a.filename,
        contentType: a.contentType,
        content: a.contentBase64,
        encoding: 'base64',
      }));
      await withDeadline(
        transport.sendMail({
          from: config.mailFrom,
          messageId: `<${deliveryId}@${domain}>`,
          ...message,
          ...(files ? { attachments: files } : {}),
          // The envelope stays the platform's (bounces come back to it); the owner's domain signs.
          ...(ownKey ? { dkim: dkimOptions(ownKey), envelope: { from: platformAddress, to: email.to } } : {}),
        }),
        sendTimeoutMs,
      );
    } catch (error) {
      const final = job.retryCount >= job.retryLimit;
      // Stays queued while retries remain; `failed` once they are used up (and the job ends failed).
      await db
        .update(deliveries)
        .set({ status: final ? 'failed' : 'queued', error: (error as Error).message.slice(0, 500) })
        .where(eq(deliveries.id, deliveryId));
      throw error;
    }
    await db
      .update(deliveries)
      .set({ status: 'sent', sentAt: sql`now()`, error: null })
      .where(eq(deliveries.id, deliveryId));
  });

  /** The delivery row and its job, in one transaction (the caller's, or a new one). */
  async function enqueue(email: OutgoingEmail, options: SendOptions = {}): Promise<'queued' | 'duplicate'> {
    const write = async (tx: Transaction) => {
      const [row] = await tx
        .insert(deliveries)
        // A system or confirmation email's text is kept only without SMTP (the embedded default), where it is
        // how a developer finds a verification link; with SMTP it is not stored, since it holds live single-use
        // links. The user's own emails (campaign, reply, test) are kept whole, to be read again in Comunicaciones.
        .values({
          ...(options.idempotencyKey ? { id: uuidFrom(options.idempotencyKey) } : {}),
          userId: email.userId,
          kind: email.kind,
          toEmail: email.to,
          subject: email.subject,
          status: 'queued',
          bodyText: !SECRET_LINK_KINDS.includes(email.kind) || !transport ? email.text : null,
          bodyHtml: !SECRET_LINK_KINDS.includes(email.kind) ? email.html : null,
        })
        .onConflictDoNothing()
        .returning({ id: deliveries.id });
      if (!row) return 'duplicate' as const;
      const { to, subject, html, text, replyTo, from, attachments, headers, ownDomain } = email;
      const extra = {
        ...(ownDomain ? { ownDomain } : {}),
        ...(replyTo ? { replyTo } : {}),
        ...(from ? { from } : {}),
        ...(attachments?.length ? { attachments } : {}),
        ...(headers ? { headers } : {}),
      };
      await jobs.send('email.send', { deliveryId: row.id, email: { to, subject, html, text, ...extra } }, { tx, id: row.id });
      return 'queued' as const;
    };
    return options.tx ? write(options.tx) : db.transaction(write);
  }

  return {
    /** Queues the email durably (delivery row + job) and returns once both are committed. */
    send: enqueue,

    /** Queues without making the caller wait (forgot password, resend: timing must not tell whether an account exists). */
    sendInBackground(email: OutgoingEmail): void {
      this.defer(() => enqueue(email));
    },

    /** Runs work after the answer has gone (tracked, so shutdown waits for it; failures are logged). Not durable. */
    defer(work: () => Promise<unknown>): void {
      const pending = work().catch((error: unknown) => log.error({ err: error }, 'background work failed'));
      inFlight.add(pending);
      void pending.finally(() => inFlight.delete(pending));
    },

    /** Waits for deferred work; call before stopping the job queue. */
    async drain(): Promise<void> {
      await Promise.all([...inFlight]);
    },

    close(): void {
      transport?.close();
    },
  };
}
