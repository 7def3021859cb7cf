import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type SendMailOptions, type Transporter } from 'nodemailer';
import type { Config, DkimKey } from '../../config.js';
import { createMessageSigner, dkimOptions } from '../../lib/dkim.js';
import { SendDeadlineError, smtpOptions, withDeadline } from '../../lib/smtp.js';

/**
 * The campaign sender's SMTP pool (`connections` connections, each reused for any number of
 * messages), where every send has a deadline: a send with no answer within `deadlineMs` (waiting for
 * a free connection, connecting, the greeting, the message) fails with SendDeadlineError. nodemailer
 * cannot cancel one message, so the pool it went through is then replaced by a new one and closed:
 * its idle connections at once, a busy one when its message ends or its socket times out. A message
 * the server still accepts after its deadline is a possible duplicate (docs/sending.md).
 *
 * With DKIM, a message handed over as one string (`raw`, the campaigns' own) is signed here in one
 * synchronous pass by nodemailer's DKIM functions (lib/dkim.ts), and the pool itself signs nothing;
 * a message nodemailer composes carries the `dkim` option for nodemailer to sign, as before.
 */
export function createCampaignTransport(
  smtp: NonNullable<Config['smtp']>,
  options: { connections: number; deadlineMs: number; log: FastifyBaseLogger },
) {
  const { dkim: _signedHere, ...settings } = smtpOptions(smtp);
  const make = (): Transporter =>
    nodemailer.createTransport({ ...settings, pool: true, maxConnections: options.connections, maxMessages: Infinity });
  let transport = make();
  const sign = smtp.dkim ? createMessageSigner(smtp.dkim) : null;
  const dkim = smtp.dkim ? dkimOptions(smtp.dkim) : null;

  return {
    /**
     * `own`: the owner's verified sending domain signs instead of the platform's key (its From is
     * that domain's, so DMARC aligns with it): a raw message in one pass, another through nodemailer.
     */
    async send(mail: SendMailOptions, own?: { sign: (raw: string) => string; dkim: DkimKey }): Promise<void> {
      const used = transport;
      const signed = own
        ? typeof mail.raw === 'string'
          ? { ...mail, raw: own.sign(mail.raw) }
          : { ...mail, dkim: dkimOptions(own.dkim) }
        : !sign
            ? mail
            : typeof mail.raw === 'string'
              ? { ...mail, raw: sign(mail.raw) }
              : { ...mail, dkim: dkim! };
      try {
        await withDeadline(used.sendMail(signed), options.deadlineMs);
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
