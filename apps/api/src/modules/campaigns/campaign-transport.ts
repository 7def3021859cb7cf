import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type SendMailOptions, type Transporter } from 'nodemailer';
import type { Config } from '../../config.js';
import { SendDeadlineError, smtpOptions, withDeadline } from '../../lib/smtp.js';

/**
 * The campaign sender's SMTP pool (`connections` connections, each reused for any number of
 * messages), where every send has a deadline: a send with no answer within `deadlineMs` (waiting for
 * a free connection, connecting, the greeting, the message) fails with SendDeadlineError. nodemailer
 * cannot cancel one message, so the pool it went through is then replaced by a new one and closed:
 * its idle connections at once, a busy one when its message ends or its socket times out. A message
 * the server still accepts after its deadline is a possible duplicate (docs/sending.md).
 */
export function createCampaignTransport(
  smtp: NonNullable<Config['smtp']>,
  options: { connections: number; deadlineMs: number; log: FastifyBaseLogger },
) {
  const make = (): Transporter =>
    nodemailer.createTransport({ ...smtpOptions(smtp), pool: true, maxConnections: options.connections, maxMessages: Infinity });
  let transport = make();

  return {
    async send(mail: SendMailOptions): Promise<void> {
      const used = transport;
      try {
        await withDeadline(used.sendMail(mail), options.deadlineMs);
      } catch (error) {
        if (error instanceof SendDeadlineError && transport === used) {
          options.log.warn({ deadlineMs: options.deadlineMs }, 'campaign send past its deadline: SMTP connections renewed');
          transport = make();
          used.close();
        }
        throw error;
      }
    },
    close(): void {
      transport.close();
    },
  };
}

export type CampaignTransport = ReturnType<typeof createCampaignTransport>;
