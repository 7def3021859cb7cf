import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Config } from '../config.js';
import type { Database } from '../db/client.js';
import { deliveries } from '../db/schema/index.js';

export type OutgoingEmail = {
  to: string;
  subject: string;
  html: string;
  text: string;
  userId: string | null;
  kind: 'system' | 'reply' | 'test' | 'campaign';
  /** Where the recipient's answer goes (a mailbox reply goes back to the profile's owner). */
  replyTo?: string;
};

/**
 * Sends email over SMTP and logs every message in `deliveries` (comunicaciones). With no SMTP server
 * configured (the embedded default) the message is written to the log and kept in the table with
 * its text, so links such as the verification one stay reachable.
 */
export function createMailer(db: Database, config: Pick<Config, 'smtp' | 'mailFrom'>, log: FastifyBaseLogger) {
  const transport: Transporter | null = config.smtp
    ? nodemailer.createTransport({
        host: config.smtp.host,
        port: config.smtp.port,
        secure: config.smtp.secure,
        auth: config.smtp.user ? { user: config.smtp.user, pass: config.smtp.password ?? '' } : undefined,
        connectionTimeout: 10_000,
        greetingTimeout: 10_000,
        socketTimeout: 20_000,
      })
    : null;
  const inFlight = new Set<Promise<unknown>>();

  async function deliver(email: OutgoingEmail): Promise<'sent' | 'logged' | 'failed'> {
    const [row] = await db
      .insert(deliveries)
      // The text is kept only without SMTP (the embedded default), where it is how a developer finds a
      // verification link; with SMTP it is not stored, since it holds live single-use links.
      .values({ userId: email.userId, kind: email.kind, toEmail: email.to, subject: email.subject, status: 'queued', bodyText: transport ? null : email.text })
      .returning({ id: deliveries.id });
    const id = row?.id ?? '';
    if (!transport) {
      log.info({ to: email.to, subject: email.subject }, `email (no SMTP configured):\n${email.text}`);
      await db.update(deliveries).set({ status: 'logged', sentAt: sql`now()` }).where(eq(deliveries.id, id));
      return 'logged';
    }
    try {
      await transport.sendMail({ from: config.mailFrom, to: email.to, replyTo: email.replyTo, subject: email.subject, html: email.html, text: email.text });
      await db.update(deliveries).set({ status: 'sent', sentAt: sql`now()` }).where(eq(deliveries.id, id));
      return 'sent';
    } catch (error) {
      log.error({ err: error, to: email.to }, 'email could not be sent');
      await db.update(deliveries).set({ status: 'failed', error: (error as Error).message.slice(0, 500) }).where(eq(deliveries.id, id));
      return 'failed';
    }
  }

  return {
    /** Sends and waits for the outcome; a failure is recorded, never thrown. */
    send: deliver,

    /**
     * Sends without making the caller wait: used where waiting would tell an attacker whether an
     * account exists (forgot password, resend). `drain` waits for these on shutdown.
     */
    sendInBackground(email: OutgoingEmail): void {
      this.defer(() => deliver(email));
    },

    /** Runs work after the answer has gone (tracked, so shutdown waits for it; failures are logged). */
    defer(work: () => Promise<unknown>): void {
      const pending = work().catch((error: unknown) => log.error({ err: error }, 'background work failed'));
      inFlight.add(pending);
      void pending.finally(() => inFlight.delete(pending));
    },

    async drain(): Promise<void> {
      await Promise.all([...inFlight]);
      transport?.close();
    },
  };
}

export type Mailer = ReturnType<typeof createMailer>;
