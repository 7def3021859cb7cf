import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type SendMailOptions, type Transporter } from 'nodemailer';
import type { Config, DkimKey } from '../../config.js';
import { createMessageSigner, dkimOptions } from '../../lib/dkim.js';
import { smtpOptions } from '../../lib/smtp.js';

/** The owner's verified sending domain's key, used instead of the platform's: `sign` for a raw message in one pass, `dkim` for nodemailer. */
export type OwnSigner = { sign: (raw: string) => string; dkim: DkimKey };

/**
 * The platform's DKIM signature of a campaign message, whichever SMTP server carries it. A message
 * handed over as one string (`raw`, the campaigns' own) is signed here in one synchronous pass by
 * nodemailer's DKIM functions (lib/dkim.ts), and the pools sign nothing; a message nodemailer
 * composes carries the `dkim` option for nodemailer to sign, as before. `own`: the owner's verified
 * sending domain signs instead of the platform's key (its From is that domain's, so DMARC aligns with
 * it): a raw message in one pass, another through nodemailer.
 */
export function createCampaignSigning(dkim: DkimKey | null): (mail: SendMailOptions, own?: OwnSigner) => SendMailOptions {
  const sign = dkim ? createMessageSigner(dkim) : null;
  const options = dkim ? dkimOptions(dkim) : null;
  return (mail, own) =>
    own
      ? typeof mail.raw === 'string'
        ? { ...mail, raw: own.sign(mail.raw) }
        : { ...mail, dkim: dkimOptions(own.dkim) }
      : !sign
        ? mail
        : typeof mail.raw === 'string'
          ? { ...mail, raw: sign(mail.raw) }
          : { ...mail, dkim: options! };
}

/**
 * One SMTP server's pool for campaigns (`connections` connections, each reused for any number of
 * messages). Every send through it has a deadline (campaign-relays.ts): a send with no answer in time
 * (waiting for a free connection, connecting, the greeting, the message) fails with
 * SendDeadlineError. nodemailer cannot cancel one message, so the pool it went through is then
 * replaced by a new one and closed (`renew`): its idle connections at once, a busy one when its message
 * ends or its socket times out. A message the server still accepts after its deadline is a possible
 * duplicate (docs/sending.md).
 */
export function createSmtpPool(
  server: Omit<NonNullable<Config['smtp']>, 'dkim'>,
  options: { connections: number; log: FastifyBaseLogger; name: string },
) {
  const settings = smtpOptions({ ...server, dkim: null });
  const make = (): Transporter =>
    nodemailer.createTransport({ ...settings, pool: true, maxConnections: options.connections, maxMessages: Infinity });
  let transport = make();
  return {
    /** The pool sends go through now (a send keeps the one it started on, to `renew` it after its deadline). */
    get transport(): Transporter {
      return transport;
    },
    /** After a send past its deadline on `used`: a fresh pool for the next sends, `used` closed (once, whichever send saw it first). */
    renew(used: Transporter, deadlineMs: number): void {
      if (transport !== used) return;
      options.log.warn({ relay: options.name, deadlineMs }, 'campaign send past its deadline: SMTP connections renewed');
      transport = make();
      used.close();
    },
    close(): void {
      transport.close();
    },
  };
}

export type SmtpPool = ReturnType<typeof createSmtpPool>;
