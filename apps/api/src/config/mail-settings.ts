import { createPrivateKey } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { optionalString } from './env-values.js';

/** SMTP, the sender address and DKIM (part of the API's settings, config.ts). */
export const smtpEnv = {
  SMTP_HOST: optionalString,
  SMTP_PORT: z.coerce.number().int().min(1).max(65535).default(587),
  SMTP_SECURE: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  SMTP_USER: optionalString,
  SMTP_PASSWORD: optionalString,
  MAIL_FROM: z.string().default('Enlaza <no-reply@enlaza.local>'),
  DKIM_DOMAIN: optionalString,
  DKIM_SELECTOR: optionalString,
  DKIM_PRIVATE_KEY_FILE: optionalString,
};

/** Campaign sending, the bounce and complaint webhooks, the inbound listener (part of the API's settings, config.ts). */
export const campaignEnv = {
  /** Campaign emails per second per worker process; 0 = as fast as the SMTP server takes them. */
  CAMPAIGN_RATE_PER_SECOND: z.coerce.number().min(0).max(100000).default(0),
  CAMPAIGN_SMTP_CONNECTIONS: z.coerce.number().int().min(1).max(100).default(16),
  /** The longest one SMTP send may take, connection included; past it the send is given up and retried. */
  SMTP_SEND_TIMEOUT_SECONDS: z.coerce.number().min(1).max(600).default(60),
  /**
   * The waits before each new try of a recipient whose server answered 4xx (greylisting, throttling):
   * durations like `30s`, `5m`, `2h`, comma-separated, 24 h at most in all; then the recipient fails.
   */
  CAMPAIGN_RETRY_SCHEDULE: z
    .string()
    .default('1m,5m,15m,1h,2h,4h,8h')
    .transform((value, ctx) => {
      const waits = value.split(',').map((part) => {
        const m = /^\s*(\d+)\s*([smh])\s*$/.exec(part);
        return m ? Number(m[1]) * { s: 1, m: 60, h: 3600 }[m[2] as 's' | 'm' | 'h'] : NaN;
      });
      if (waits.length > 20 || waits.some((w) => !Number.isInteger(w) || w < 1) || waits.reduce((a, b) => a + b, 0) > 86_400) {
        ctx.addIssue({ code: 'custom', message: 'durations like 30s, 5m or 2h, comma-separated, at most 20 and 24 h in all' });
        return z.NEVER;
      }
      return waits;
    }),
  /** A sending campaign with no email accepted for this long says why on its page and notifies its owner (fractions allowed). */
  CAMPAIGN_STALL_MINUTES: z.coerce.number().min(0.01).max(1440).default(10),
  /** Shared secret of POST /api/campaigns/webhooks/bounces (Authorization: Bearer …); empty: the webhook is off. */
  BOUNCE_WEBHOOK_SECRET: optionalString.pipe(z.string().min(16).optional()),
  /** Amazon SES via SNS: the topic ARNs whose notifications POST /api/campaigns/webhooks/ses accepts (comma-separated); empty: off. */
  SES_SNS_TOPIC_ARNS: optionalString.pipe(
    z
      .string()
      .regex(
        /^arn:aws(-[a-z]+)*:sns:[a-z0-9-]+:\d{12}:[\w-]{1,256}(\s*,\s*arn:aws(-[a-z]+)*:sns:[a-z0-9-]+:\d{12}:[\w-]{1,256})*$/,
        'topic ARNs (arn:aws:sns:region:account:name), comma-separated',
      )
      .optional(),
  ),
  /** SendGrid's Event Webhook verification key (Mail Settings → Signed Event Webhook); empty: the SendGrid webhook is off. */
  SENDGRID_WEBHOOK_PUBLIC_KEY: optionalString,
  /** Mailgun's HTTP webhook signing key; empty: the Mailgun webhook is off. */
  MAILGUN_WEBHOOK_SIGNING_KEY: optionalString.pipe(z.string().min(16).optional()),
  /** `user:password` that Postmark's webhook URL carries (Postmark does not sign webhooks: basic auth); empty: off. */
  POSTMARK_WEBHOOK_CREDENTIALS: optionalString.pipe(
    z
      .string()
      .regex(/^[^:\s]+:\S{16,}$/, 'user:password, the password at least 16 characters')
      .optional(),
  ),
  /**
   * The inbound SMTP listener: the `mailto:` unsubscribe of campaign emails and the bounce reports
   * (DSNs, complaint reports) come to this port, for addresses at INBOUND_MAIL_DOMAIN (whose MX points
   * here). Both set, or neither (off).
   */
  INBOUND_SMTP_PORT: optionalString.pipe(z.coerce.number<string | undefined>().int().min(1).max(65535).optional()),
  INBOUND_SMTP_HOST: z.string().default('0.0.0.0'),
  INBOUND_MAIL_DOMAIN: optionalString.pipe(
    z
      .string()
      .toLowerCase()
      .regex(/^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/, 'a domain name such as bounces.example.com')
      .optional(),
  ),
};

/** What nodemailer's `dkim` option takes: the signing domain, the selector its public key is published under, the PEM key. */
export type DkimKey = { domainName: string; keySelector: string; privateKey: string };

/**
 * DKIM signing, all three settings or none. The key file must hold a private key, and the signing
 * domain must be MAIL_FROM's domain or a parent of it: DMARC passes only when the DKIM domain aligns
 * with the From header's (RFC 7489 §3.1.1, relaxed mode), which the Gmail and Yahoo bulk-sender rules require.
 */
export function dkimOf(e: {
  DKIM_DOMAIN?: string;
  DKIM_SELECTOR?: string;
  DKIM_PRIVATE_KEY_FILE?: string;
  MAIL_FROM: string;
}): DkimKey | null {
  const set = [e.DKIM_DOMAIN, e.DKIM_SELECTOR, e.DKIM_PRIVATE_KEY_FILE].filter(Boolean).length;
  if (set === 0) return null;
  const fail = (why: string) => new Error(`Invalid configuration:\n  ${why}`);
  if (set < 3) throw fail('DKIM_DOMAIN, DKIM_SELECTOR and DKIM_PRIVATE_KEY_FILE are set together (or none of them)');
  const domain = e.DKIM_DOMAIN!.toLowerCase().replace(/\.$/, '');
  const fromDomain = /@([^>\s]+)>?\s*$/.exec(e.MAIL_FROM)?.[1]?.toLowerCase() ?? '';
  if (fromDomain !== domain && !fromDomain.endsWith(`.${domain}`))
    throw fail(
      `DKIM_DOMAIN ${domain} does not align with MAIL_FROM's domain ${fromDomain || '(none)'}: DMARC would fail (sign with ${fromDomain || 'its domain'} or a parent of it)`,
    );
  let privateKey: string;
  try {
    privateKey = readFileSync(e.DKIM_PRIVATE_KEY_FILE!, 'utf8');
    createPrivateKey(privateKey);
  } catch (error) {
    throw fail(`DKIM_PRIVATE_KEY_FILE ${e.DKIM_PRIVATE_KEY_FILE} is not a readable PEM private key (${(error as Error).message})`);
  }
  return { domainName: domain, keySelector: e.DKIM_SELECTOR!, privateKey };
}
