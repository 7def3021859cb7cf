import { createPrivateKey } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { resolve, join } from 'node:path';
import { z } from 'zod';
import { euVatNumber, isEuCountry } from '@enlaza/contracts';
import { p256PublicKey } from './lib/crypto.js';
import { apiPackageRoot } from './lib/paths.js';
import { isIanaTimeZone } from './lib/time-zone.js';

/** The seller of the demo (the README's first command): a well-formed NIF nobody owns. */
export const DEMO_SELLER_TAX_ID = 'ESB00000000';

const optionalString = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? undefined : v.trim()));

export const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LOG_FORMAT: z.enum(['auto', 'json', 'pretty']).default('auto'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: optionalString.pipe(z.url({ protocol: /^postgres(ql)?$/ }).optional()),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  APP_SECRET: optionalString.pipe(z.string().min(32).optional()),
  ADMIN_EMAIL: optionalString.pipe(z.email().optional()),
  ADMIN_PASSWORD: optionalString.pipe(z.string().min(10).optional()),
  DEMO_EMAIL: optionalString.pipe(z.email().optional()),
  DEMO_PASSWORD: optionalString.pipe(z.string().min(10).optional()),
  DEMO_PLAN: z.enum(['free', 'pro', 'business']).default('free'),
  COUNTRY_LOOKUP_URL: z.url().default('https://ip2c.org/s'),
  WEB_DIST: optionalString,
  PUBLIC_URL: optionalString.pipe(z.url().optional()),
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
  CLOUD_MAX_FILE_MB: z.coerce.number().int().min(1).max(1024).default(10),
  /** Memory for the public pages rendered and compressed once and served to every visitor (per API process). */
  PUBLIC_PAGE_CACHE_MB: z.coerce.number().int().min(1).max(4096).default(64),
  /** Contact-form messages one address (IPv6 by /64) may send in 10 minutes. */
  CONTACT_LIMIT_PER_ADDRESS: z.coerce.number().int().min(1).max(10_000).default(5),
  S3_ENDPOINT: optionalString.pipe(z.url().optional()),
  S3_REGION: z.string().default('us-east-1'),
  S3_BUCKET: optionalString,
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  S3_FORCE_PATH_STYLE: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  SELLER_NAME: z.string().trim().min(1).default('Enlaza Demo S.L.'),
  SELLER_TAX_ID: z.string().trim().min(1).default(DEMO_SELLER_TAX_ID),
  SELLER_ADDRESS: z.string().trim().min(1).default('Calle Mayor 1, 28013 Madrid'),
  /** An EU member state: the VAT rules (tax-rules.ts) are an EU seller's. */
  SELLER_COUNTRY: z
    .string()
    .trim()
    .transform((v) => v.toUpperCase())
    .refine(isEuCountry, 'an EU member state (ISO 3166 code, e.g. ES): the VAT rules built are those of a seller in the EU')
    .default('ES'),
  /** The seller's calendar: invoice issue dates, series years, date filters and revenue months. */
  SELLER_TIME_ZONE: z.string().trim().default('Europe/Madrid').refine(isIanaTimeZone, 'an IANA time zone name, e.g. Europe/Madrid'),
  /** Empty: the bundled Noto Sans JP; `builtin`: Helvetica (no Japanese); else a TrueType/OpenType file. */
  INVOICE_PDF_FONT: optionalString,
  /** Host of the tax agency's QR verification URL printed on invoices (preproduction: prewww2.aeat.es). */
  INVOICE_QR_HOST: z
    .string()
    .trim()
    .regex(/^[a-z0-9.-]+(:\d+)?$/i, 'a host name, e.g. www2.agenciatributaria.gob.es')
    .default('www2.agenciatributaria.gob.es'),
  /**
   * How invoices are kept for the Spanish tax agency (Real Decreto 1007/2023): no-verifactu, the
   * records stay here (the QR points at ValidarQRNoVerifactu, no legend); verifactu, every record is
   * sent to the AEAT (ValidarQR and the "VERI*FACTU" legend).
   */
  VERIFACTU_MODE: z.enum(['no-verifactu', 'verifactu']).default('no-verifactu'),
  /** inline: this process runs the background jobs; off: it only enqueues them (run `npm run worker`, PostgreSQL only). */
  WORKERS: z.enum(['inline', 'off']).default('inline'),
  JOB_TIMEOUT_SECONDS: z.coerce.number().int().min(2).max(3600).default(300),
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
  /** false, or how many proxies in front of the app to trust for X-Forwarded-For (true = 1). */
  TRUST_PROXY: z
    .string()
    .default('false')
    .transform((v) => (v === 'true' ? 1 : v === 'false' ? 0 : Number(v)))
    .pipe(z.number().int().min(0).max(10)),
  /** Which payment provider charges cards; `sandbox` is embedded and knows only the test cards. */
  PAYMENT_PROVIDER: z.enum(['sandbox']).default('sandbox'),
  /** The sandbox test clock: admins may move the product's "now" forward (renewals, dunning, reminders). */
  TEST_CLOCK_ENABLED: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  /**
   * Lets campaigns start with an http PUBLIC_URL under NODE_ENV=production (a closed test network):
   * one-click unsubscribe (RFC 8058) needs https, so they are refused otherwise.
   */
  ALLOW_HTTP_PUBLIC_URL: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  /** Lets TEST_CLOCK_ENABLED run with NODE_ENV=production (a staging server); refused otherwise. */
  TEST_CLOCK_ALLOW_PRODUCTION: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
});

export type Config = {
  nodeEnv: 'development' | 'production' | 'test';
  host: string;
  port: number;
  logLevel: string;
  /** auto: readable lines when stdout is a terminal, JSON lines otherwise (a log collector's input). */
  logFormat: 'auto' | 'json' | 'pretty';
  dataDir: string;
  databaseUrl: string | undefined;
  /** Connections per API process to PostgreSQL. */
  databasePoolSize: number;
  appSecret: string | undefined;
  admin: { email: string | undefined; password: string | undefined };
  demo: { email: string | undefined; password: string | undefined; plan: 'free' | 'pro' | 'business' };
  countryLookupUrl: string;
  webDist: string;
  /** Proxies trusted for the client address; 0 = none (a client cannot choose its address). */
  trustProxy: number;
  /** Base of the links in emails. */
  publicUrl: string;
  /** ALLOW_HTTP_PUBLIC_URL: campaigns may start with an http PUBLIC_URL in production. */
  allowHttpPublicUrl: boolean;
  /** Null: no SMTP server, emails go to the log and the deliveries table. */
  smtp: {
    host: string;
    port: number;
    secure: boolean;
    user: string | undefined;
    password: string | undefined;
    /** DKIM signing of every email sent (DKIM_DOMAIN, DKIM_SELECTOR, DKIM_PRIVATE_KEY_FILE), or none. */
    dkim: DkimKey | null;
  } | null;
  mailFrom: string;
  /** Largest file one upload may carry. */
  cloudMaxFileBytes: number;
  /** Bytes of rendered public pages kept in memory (PUBLIC_PAGE_CACHE_MB). */
  publicPageCacheBytes: number;
  /** Contact-form messages per address in 10 minutes (CONTACT_LIMIT_PER_ADDRESS). */
  contactLimitPerAddress: number;
  /** S3-compatible storage for uploads; null: local disk under DATA_DIR/files. */
  /** Whether this process runs the job workers (see platform/jobs.ts). */
  workers: 'inline' | 'off';
  /** How long a job may run before it counts as stuck (its process died) and is retried. */
  jobTimeoutSeconds: number;
  /** The payment provider (modules/payments/provider.ts). */
  paymentProvider: 'sandbox';
  /** Campaign emails per second per worker process; 0 = no limit. */
  campaignRatePerSecond: number;
  /** SMTP connections one process keeps open for campaigns (each sends one message at a time). */
  campaignSmtpConnections: number;
  /** Deadline of one SMTP send, connection included (SMTP_SEND_TIMEOUT_SECONDS). */
  smtpSendTimeoutMs: number;
  /** No email accepted for this long: the campaign is stalled (CAMPAIGN_STALL_MINUTES). */
  campaignStallMs: number;
  /** Seconds to wait before each new try after a 4xx answer (CAMPAIGN_RETRY_SCHEDULE); then the recipient fails. */
  campaignRetrySeconds: number[];
  /** The test clock (platform/clock.ts): the product's "now" may be moved forward by an admin. */
  testClockEnabled: boolean;
  /** Shared secret of the bounce/complaint webhook; undefined: the webhook answers 404. */
  bounceWebhookSecret: string | undefined;
  /** The mail providers' bounce and complaint webhooks; each undefined (its route answers 404) until configured. */
  feedback: {
    sesTopicArns: string[];
    sendgridPublicKey: string | undefined;
    mailgunSigningKey: string | undefined;
    postmarkCredentials: string | undefined;
  };
  /** The inbound SMTP listener (mailto unsubscribe, bounce reports), or null (off). */
  inbound: { host: string; port: number; domain: string } | null;
  s3: { endpoint: string; region: string; bucket: string; accessKeyId: string; secretAccessKey: string; forcePathStyle: boolean } | null;
  /** Printed on every invoice as the seller (copied into each invoice when it is issued). */
  seller: { name: string; taxId: string; address: string; country: string };
  /** The seller's IANA time zone (SELLER_TIME_ZONE): the calendar of issue dates, series years and revenue months. */
  sellerTimeZone: string;
  /** The fonts of invoice PDFs (with Japanese glyphs); null: Helvetica (Japanese invoices print English labels). */
  invoicePdfFont: { regular: string; bold: string } | null;
  /** Host of the QR verification URL on invoices (`https://<host>/wlpl/TIKE-CONT/ValidarQR…?…`). */
  invoiceQrHost: string;
  /** VERIFACTU_MODE: whether the records are sent to the AEAT, which decides the QR's service and the legend. */
  verifactuMode: VerifactuMode;
};

export type VerifactuMode = z.infer<typeof envSchema>['VERIFACTU_MODE'];

function s3Config(e: z.infer<typeof envSchema>): Config['s3'] {
  if (!e.S3_BUCKET) return null;
  if (!e.S3_ENDPOINT || !e.S3_ACCESS_KEY_ID || !e.S3_SECRET_ACCESS_KEY)
    throw new Error('Invalid configuration:\n  S3_BUCKET needs S3_ENDPOINT, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY');
  return {
    endpoint: e.S3_ENDPOINT.replace(/\/+$/, ''),
    region: e.S3_REGION,
    bucket: e.S3_BUCKET,
    accessKeyId: e.S3_ACCESS_KEY_ID,
    secretAccessKey: e.S3_SECRET_ACCESS_KEY,
    forcePathStyle: e.S3_FORCE_PATH_STYLE,
  };
}

/** The bundled Noto Sans JP (SIL Open Font License), regular and bold. */
const bundledFont = (weight: '400Regular' | '700Bold') =>
  createRequire(import.meta.url).resolve(`@expo-google-fonts/noto-sans-jp/${weight}/NotoSansJP_${weight}.ttf`);

function pdfFont(setting: string | undefined): Config['invoicePdfFont'] {
  if (!setting) return { regular: bundledFont('400Regular'), bold: bundledFont('700Bold') };
  if (setting.toLowerCase() === 'builtin') return null;
  return { regular: resolve(setting), bold: resolve(setting) };
}

/** Reads the environment; a bad value stops start-up with one clear line per setting. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  // With PGlite no other process can open the data directory, so nothing would ever run the jobs.
  if (e.TEST_CLOCK_ENABLED && e.NODE_ENV === 'production' && !e.TEST_CLOCK_ALLOW_PRODUCTION)
    throw new Error(
      'Invalid configuration:\n  TEST_CLOCK_ENABLED=true is refused with NODE_ENV=production (set TEST_CLOCK_ALLOW_PRODUCTION=true to run a test clock on a production build, e.g. staging)',
    );
  // The legend and ValidarQR tell the customer the record is at the AEAT: this version sends none.
  if (e.VERIFACTU_MODE === 'verifactu' && e.NODE_ENV === 'production')
    throw new Error(
      'Invalid configuration:\n  VERIFACTU_MODE=verifactu is refused with NODE_ENV=production: it tells customers each record is at the AEAT, and this version does not send records yet (keep no-verifactu)',
    );
  // The seller's tax id is printed on every invoice and is the issuer of the record chain: it must be a real one.
  if (!euVatNumber(e.SELLER_COUNTRY, e.SELLER_TAX_ID))
    throw new Error(
      `Invalid configuration:\n  SELLER_TAX_ID: ${e.SELLER_TAX_ID} is not a valid tax id of SELLER_COUNTRY ${e.SELLER_COUNTRY} (in Spain: the company's NIF, e.g. B12345674)`,
    );
  // A public site (https) in production issues real invoices: not with the demo seller of the README's first command.
  if (e.NODE_ENV === 'production' && e.PUBLIC_URL?.startsWith('https://') && e.SELLER_TAX_ID === DEMO_SELLER_TAX_ID)
    throw new Error(
      `Invalid configuration:\n  SELLER_TAX_ID is the demo placeholder ${DEMO_SELLER_TAX_ID}: a production site at ${e.PUBLIC_URL} would issue invoices in its name (set SELLER_TAX_ID, SELLER_NAME and SELLER_ADDRESS to the seller's own)`,
    );
  const dkim = dkimOf(e);
  if (!e.INBOUND_SMTP_PORT !== !e.INBOUND_MAIL_DOMAIN)
    throw new Error(
      'Invalid configuration:\n  INBOUND_SMTP_PORT and INBOUND_MAIL_DOMAIN are set together (the listener and the domain whose MX points at it), or neither',
    );
  if (e.SENDGRID_WEBHOOK_PUBLIC_KEY && !p256PublicKey(e.SENDGRID_WEBHOOK_PUBLIC_KEY))
    throw new Error(
      'Invalid configuration:\n  SENDGRID_WEBHOOK_PUBLIC_KEY is not a P-256 public key (the base64 key SendGrid shows, or PEM)',
    );
  if (e.WORKERS === 'off' && !e.DATABASE_URL)
    throw new Error(
      'Invalid configuration:\n  WORKERS=off needs DATABASE_URL (separate `npm run worker` processes are a PostgreSQL feature)',
    );
  return {
    nodeEnv: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    logLevel: e.LOG_LEVEL,
    logFormat: e.LOG_FORMAT,
    dataDir: resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    appSecret: e.APP_SECRET,
    admin: { email: e.ADMIN_EMAIL, password: e.ADMIN_PASSWORD },
    demo: { email: e.DEMO_EMAIL, password: e.DEMO_PASSWORD, plan: e.DEMO_PLAN },
    countryLookupUrl: e.COUNTRY_LOOKUP_URL,
    webDist: e.WEB_DIST ? resolve(e.WEB_DIST) : join(apiPackageRoot(), '..', 'web', 'dist'),
    trustProxy: e.TRUST_PROXY,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    allowHttpPublicUrl: e.ALLOW_HTTP_PUBLIC_URL,
    smtp: e.SMTP_HOST
      ? { host: e.SMTP_HOST, port: e.SMTP_PORT, secure: e.SMTP_SECURE, user: e.SMTP_USER, password: e.SMTP_PASSWORD, dkim }
      : null,
    mailFrom: e.MAIL_FROM,
    cloudMaxFileBytes: e.CLOUD_MAX_FILE_MB * 1024 * 1024,
    publicPageCacheBytes: e.PUBLIC_PAGE_CACHE_MB * 1024 * 1024,
    contactLimitPerAddress: e.CONTACT_LIMIT_PER_ADDRESS,
    s3: s3Config(e),
    workers: e.WORKERS,
    jobTimeoutSeconds: e.JOB_TIMEOUT_SECONDS,
    paymentProvider: e.PAYMENT_PROVIDER,
    seller: { name: e.SELLER_NAME, taxId: e.SELLER_TAX_ID, address: e.SELLER_ADDRESS, country: e.SELLER_COUNTRY.toUpperCase() },
    sellerTimeZone: e.SELLER_TIME_ZONE,
    invoicePdfFont: pdfFont(e.INVOICE_PDF_FONT),
    invoiceQrHost: e.INVOICE_QR_HOST.toLowerCase(),
    verifactuMode: e.VERIFACTU_MODE,
    campaignRatePerSecond: e.CAMPAIGN_RATE_PER_SECOND,
    campaignSmtpConnections: e.CAMPAIGN_SMTP_CONNECTIONS,
    smtpSendTimeoutMs: Math.round(e.SMTP_SEND_TIMEOUT_SECONDS * 1000),
    campaignStallMs: Math.round(e.CAMPAIGN_STALL_MINUTES * 60_000),
    campaignRetrySeconds: e.CAMPAIGN_RETRY_SCHEDULE,
    bounceWebhookSecret: e.BOUNCE_WEBHOOK_SECRET,
    feedback: {
      sesTopicArns: e.SES_SNS_TOPIC_ARNS ? e.SES_SNS_TOPIC_ARNS.split(',').map((arn) => arn.trim()) : [],
      sendgridPublicKey: e.SENDGRID_WEBHOOK_PUBLIC_KEY,
      mailgunSigningKey: e.MAILGUN_WEBHOOK_SIGNING_KEY,
      postmarkCredentials: e.POSTMARK_WEBHOOK_CREDENTIALS,
    },
    inbound:
      e.INBOUND_SMTP_PORT && e.INBOUND_MAIL_DOMAIN
        ? { host: e.INBOUND_SMTP_HOST, port: e.INBOUND_SMTP_PORT, domain: e.INBOUND_MAIL_DOMAIN }
        : null,
    testClockEnabled: e.TEST_CLOCK_ENABLED,
  };
}

/** What nodemailer's `dkim` option takes: the signing domain, the selector its public key is published under, the PEM key. */
export type DkimKey = { domainName: string; keySelector: string; privateKey: string };

/**
 * DKIM signing, all three settings or none. The key file must hold a private key, and the signing
 * domain must be MAIL_FROM's domain or a parent of it: DMARC passes only when the DKIM domain aligns
 * with the From header's (RFC 7489 §3.1.1, relaxed mode), which the Gmail and Yahoo bulk-sender rules require.
 */
function dkimOf(e: { DKIM_DOMAIN?: string; DKIM_SELECTOR?: string; DKIM_PRIVATE_KEY_FILE?: string; MAIL_FROM: string }): DkimKey | null {
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
