import { resolve, join } from 'node:path';
import { z } from 'zod';
import { euVatNumber } from '@enlaza/contracts';
import { demoSellerRefusal, pdfFont, sellerEnv } from './config/billing-settings.js';
import { OWN_COUNTRY_LOOKUP_PATH, packagedCountryTable } from './config/country-lookup-settings.js';
import { optionalString } from './config/env-values.js';
import { paymentEnv, redsysOf, stripeOf, type RedsysConfig, type StripeConfig } from './config/payment-settings.js';
import { campaignEnv, dkimOf, smtpEnv, type DkimKey } from './config/mail-settings.js';
import { domainEnv, domainsOf, type DomainsConfig } from './config/domain-settings.js';
import { metricsEnv, metricsOf, type MetricsConfig } from './config/metrics-settings.js';
import { walletEnv, walletOf, type WalletConfig } from './config/wallet-settings.js';
import { webhookEnv, webhooksOf, type WebhookConfig } from './config/webhook-settings.js';
import { crmEnv, crmOf, type CrmConfig } from './config/crm-settings.js';
import { p256PublicKey } from './lib/crypto.js';
import { apiPackageRoot } from './lib/paths.js';

export { DEMO_SELLER_NAME, DEMO_SELLER_TAX_ID } from './config/billing-settings.js';
export type { DkimKey } from './config/mail-settings.js';
export type { RedsysConfig, StripeConfig } from './config/payment-settings.js';
export type { AppleWalletConfig, GoogleWalletConfig, WalletConfig } from './config/wallet-settings.js';

/**
 * Every setting, in the order their errors are listed. Mail and campaigns (config/mail-settings.ts)
 * and the seller and invoices (config/billing-settings.ts) are sections of their own.
 */
export const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LOG_FORMAT: z.enum(['auto', 'json', 'pretty']).default('auto'),
  ...metricsEnv,
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: optionalString.pipe(z.url({ protocol: /^postgres(ql)?$/ }).optional()),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  APP_SECRET: optionalString.pipe(z.string().min(32).optional()),
  ADMIN_EMAIL: optionalString.pipe(z.email().optional()),
  ADMIN_PASSWORD: optionalString.pipe(z.string().min(10).optional()),
  DEMO_EMAIL: optionalString.pipe(z.email().optional()),
  DEMO_PASSWORD: optionalString.pipe(z.string().min(10).optional()),
  DEMO_PLAN: z.enum(['free', 'pro', 'business']).default('free'),
  /** Unset: the app's own lookup (`/api/country-lookup`); a URL: a service of the operator's choice, asked by the visitor's browser. */
  COUNTRY_LOOKUP_URL: optionalString.pipe(z.url().optional()),
  /** Comma-separated CSV files of address ranges (`first,last,CC` or `network/bits,CC`) the own lookup answers from. */
  COUNTRY_TABLE_FILES: optionalString,
  WEB_DIST: optionalString,
  PUBLIC_URL: optionalString.pipe(z.url().optional()),
  ...smtpEnv,
  ...domainEnv,
  CLOUD_MAX_FILE_MB: z.coerce.number().int().min(1).max(1024).default(10),
  /** Memory for the public pages rendered and compressed once and served to every visitor (per API process). */
  PUBLIC_PAGE_CACHE_MB: z.coerce.number().int().min(1).max(4096).default(64),
  /** Contact-form messages one address (IPv6 by /64) may send in 10 minutes. */
  CONTACT_LIMIT_PER_ADDRESS: z.coerce.number().int().min(1).max(10_000).default(5),
  /** Requests one personal access token may make in a minute. */
  API_TOKEN_RATE_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(600),
  /** Days a session lasts from its sign-in, however busy (besides ending after 30 days unused). */
  SESSION_MAX_AGE_DAYS: z.coerce.number().int().min(1).max(3650).default(90),
  /** Seconds between a process's writes of the public pages' visitor and click counters. */
  VISIT_COUNTERS_FLUSH_SECONDS: z.coerce.number().int().min(1).max(300).default(5),
  /** Minutes a fresh proof (password, authenticator code, passkey) lets a session make sensitive changes. */
  REAUTH_WINDOW_MINUTES: z.coerce.number().int().min(1).max(720).default(10),
  /** true: an admin without two-factor sign-in is sent to set it up before signing in. */
  ADMIN_REQUIRE_TWO_FACTOR: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  PASSKEY_ORIGIN: optionalString.pipe(z.url().optional()),
  S3_ENDPOINT: optionalString.pipe(z.url().optional()),
  S3_REGION: z.string().default('us-east-1'),
  S3_BUCKET: optionalString,
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  S3_FORCE_PATH_STYLE: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  ...sellerEnv,
  /** inline: this process runs the background jobs; off: it only enqueues them (run `npm run worker`, PostgreSQL only). */
  WORKERS: z.enum(['inline', 'off']).default('inline'),
  JOB_TIMEOUT_SECONDS: z.coerce.number().int().min(2).max(3600).default(300),
  /** Tests: every scheduled job runs every this many seconds, the first at start, instead of on its cron schedule. */
  SCHEDULED_JOBS_EVERY_SECONDS: z.coerce.number().int().min(1).max(3600).optional(),
  /** How often idle workers look for jobs that were not announced: retries, delayed and cron jobs, expired runs. */
  JOB_POLL_SECONDS: z.coerce.number().int().min(1).max(3600).default(2),
  ...campaignEnv,
  ...walletEnv,
  ...webhookEnv,
  ...crmEnv,
  /** false, or how many proxies in front of the app to trust for X-Forwarded-For (true = 1). */
  TRUST_PROXY: z
    .string()
    .default('false')
    .transform((v) => (v === 'true' ? 1 : v === 'false' ? 0 : Number(v)))
    .pipe(z.number().int().min(0).max(10)),
  ...paymentEnv,
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
  /** Where `GET /metrics` listens (METRICS_PORT, METRICS_HOST), or null: no metrics. */
  metrics: MetricsConfig;
  dataDir: string;
  databaseUrl: string | undefined;
  /** Connections per API process to PostgreSQL. */
  databasePoolSize: number;
  appSecret: string | undefined;
  admin: { email: string | undefined; password: string | undefined };
  demo: { email: string | undefined; password: string | undefined; plan: 'free' | 'pro' | 'business' };
  /** What the phone input asks for the visitor's country: the app's own lookup unless COUNTRY_LOOKUP_URL names another. */
  countryLookupUrl: string;
  /** The address-range files of the own lookup (COUNTRY_TABLE_FILES, else the IP-to-country package's when installed). */
  countryTableFiles: string[];
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
  /**
   * The platform's DKIM key (DKIM_DOMAIN, DKIM_SELECTOR, DKIM_PRIVATE_KEY_FILE), or null: campaigns
   * are signed with it whichever SMTP server carries them (the admin's too, without SMTP_HOST).
   */
  dkim: DkimKey | null;
  /** Largest file one upload may carry. */
  cloudMaxFileBytes: number;
  /** Bytes of rendered public pages kept in memory (PUBLIC_PAGE_CACHE_MB). */
  publicPageCacheBytes: number;
  /** Contact-form messages per address in 10 minutes (CONTACT_LIMIT_PER_ADDRESS). */
  contactLimitPerAddress: number;
  /** Requests per minute per personal access token (API_TOKEN_RATE_PER_MINUTE). */
  apiTokenRatePerMinute: number;
  /** Admins must sign in with a second factor (ADMIN_REQUIRE_TWO_FACTOR). */
  adminRequireTwoFactor: boolean;
  /** Days a session lasts from its sign-in, used or not (SESSION_MAX_AGE_DAYS). */
  sessionMaxAgeDays: number;
  /** Seconds between writes of the visitor and click counters (VISIT_COUNTERS_FLUSH_SECONDS). */
  visitCountersFlushSeconds: number;
  /** Minutes a session's fresh proof lasts for sensitive changes (REAUTH_WINDOW_MINUTES). */
  reauthWindowMinutes: number;
  /** Where passkeys are used (PASSKEY_ORIGIN, else PUBLIC_URL): the origin browsers sign, and its host name as WebAuthn's relying party id. */
  passkeys: { origin: string; rpId: string };
  /** S3-compatible storage for uploads; null: local disk under DATA_DIR/files. */
  /** Whether this process runs the job workers (see platform/jobs.ts). */
  workers: 'inline' | 'off';
  /** How long a job may run before it counts as stuck (its process died) and is retried. */
  jobTimeoutSeconds: number;
  /** Tests: scheduled jobs every this many seconds instead of on their cron schedules (see platform/jobs.ts). */
  scheduledJobsEverySeconds: number | undefined;
  /** How often idle workers look for jobs (see platform/jobs.ts); a job sent without a delay wakes them at once. */
  jobPollSeconds: number;
  /** PAYMENT_PROVIDER: the embedded sandbox, Stripe (with `stripe`'s keys) or Redsys (with `redsys`'s). */
  paymentProvider: 'sandbox' | 'stripe' | 'redsys';
  /** Stripe's keys and address when it is the provider (config/payment-settings.ts); null otherwise. */
  stripe: StripeConfig | null;
  /** Redsys' merchant, terminal, key and environment when it is the provider (config/payment-settings.ts); null otherwise. */
  redsys: RedsysConfig | null;
  /** Days a provider's webhook event is kept after it arrived (PROVIDER_EVENTS_RETENTION_DAYS): the hourly `payments.sweep` purges older processed ones. */
  providerEventsRetentionDays: number;
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
  /** VERIFACTU_CERT_FILE and its password: the certificate records and events are signed with (no-verifactu); null, unsigned. */
  verifactuCertificate: { file: string; password: string } | null;
  /** Where and how records are sent in verifactu mode (invoices/verifactu/submission.ts). */
  verifactuSending: { endpoint: string; batchSize: number };
  /** VIES lookups of other member states' VAT numbers (VIES_CHECK=on, the default in production), or none. */
  vies: { url: string } | null;
  /** Apple Wallet and Google Wallet passes of a card (config/wallet-settings.ts); each null until configured. */
  wallet: WalletConfig;
  /** Outgoing webhooks' retries and disabling (config/webhook-settings.ts). */
  webhooks: WebhookConfig;
  /** HubSpot's and Salesforce's apps and hosts, the retries of leads (config/crm-settings.ts). */
  crm: CrmConfig;
} & DomainsConfig;

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
  // The legend and ValidarQR tell the customer the record is at the AEAT: in production it must get
  // there, which takes the seller's certificate (mutual TLS) and the AEAT's own service (https).
  if (
    e.VERIFACTU_MODE === 'verifactu' &&
    e.NODE_ENV === 'production' &&
    (!e.VERIFACTU_CERT_FILE || !e.VERIFACTU_ENDPOINT.startsWith('https://'))
  )
    throw new Error(
      `Invalid configuration:\n  VERIFACTU_MODE=verifactu with NODE_ENV=production sends every invoice record to the AEAT: it needs VERIFACTU_CERT_FILE (the seller's certificate, PKCS#12; its password in VERIFACTU_CERT_PASSWORD) and an https VERIFACTU_ENDPOINT (now ${e.VERIFACTU_ENDPOINT})`,
    );
  // The seller's tax id is printed on every invoice and is the issuer of the record chain: it must be a real one.
  if (!euVatNumber(e.SELLER_COUNTRY, e.SELLER_TAX_ID))
    throw new Error(
      `Invalid configuration:\n  SELLER_TAX_ID: ${e.SELLER_TAX_ID} is not a valid tax id of SELLER_COUNTRY ${e.SELLER_COUNTRY} (in Spain: the company's NIF, e.g. B12345674)`,
    );
  // Production issues real invoices: not in the demo seller's name, whatever the URL, unless DEMO_SELLER=true says it is the demo.
  const demoSeller = demoSellerRefusal(e);
  if (demoSeller) throw new Error(`Invalid configuration:\n  ${demoSeller}`);
  // A NO VERI*FACTU system must sign every record and event (Orden HAC/1177/2024, article 13). A public
  // site in production (https, as for SELLER_TAX_ID above) issues real invoices: not unsigned. The
  // demo (NODE_ENV defaults to production, on http://localhost) keeps unsigned records.
  if (e.VERIFACTU_MODE === 'no-verifactu' && e.NODE_ENV === 'production' && e.PUBLIC_URL?.startsWith('https://') && !e.VERIFACTU_CERT_FILE)
    throw new Error(
      `Invalid configuration:\n  VERIFACTU_CERT_FILE is required with NODE_ENV=production in VERIFACTU_MODE=no-verifactu: a production site at ${e.PUBLIC_URL} must sign every invoice record and event with the seller's certificate (a PKCS#12 .p12/.pfx file; its password in VERIFACTU_CERT_PASSWORD)`,
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
  const stripe = stripeOf(e);
  const redsys = redsysOf(e);
  return {
    nodeEnv: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    logLevel: e.LOG_LEVEL,
    logFormat: e.LOG_FORMAT,
    metrics: metricsOf(e),
    dataDir: resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    appSecret: e.APP_SECRET,
    admin: { email: e.ADMIN_EMAIL, password: e.ADMIN_PASSWORD },
    demo: { email: e.DEMO_EMAIL, password: e.DEMO_PASSWORD, plan: e.DEMO_PLAN },
    countryLookupUrl: e.COUNTRY_LOOKUP_URL ?? OWN_COUNTRY_LOOKUP_PATH,
    countryTableFiles: e.COUNTRY_TABLE_FILES
      ? e.COUNTRY_TABLE_FILES.split(',').map((file) => resolve(file.trim()))
      : packagedCountryTable(),
    webDist: e.WEB_DIST ? resolve(e.WEB_DIST) : join(apiPackageRoot(), '..', 'web', 'dist'),
    trustProxy: e.TRUST_PROXY,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    allowHttpPublicUrl: e.ALLOW_HTTP_PUBLIC_URL,
    smtp: e.SMTP_HOST
      ? { host: e.SMTP_HOST, port: e.SMTP_PORT, secure: e.SMTP_SECURE, user: e.SMTP_USER, password: e.SMTP_PASSWORD, dkim }
      : null,
    mailFrom: e.MAIL_FROM,
    dkim,
    ...domainsOf(e),
    cloudMaxFileBytes: e.CLOUD_MAX_FILE_MB * 1024 * 1024,
    publicPageCacheBytes: e.PUBLIC_PAGE_CACHE_MB * 1024 * 1024,
    contactLimitPerAddress: e.CONTACT_LIMIT_PER_ADDRESS,
    apiTokenRatePerMinute: e.API_TOKEN_RATE_PER_MINUTE,
    adminRequireTwoFactor: e.ADMIN_REQUIRE_TWO_FACTOR,
    sessionMaxAgeDays: e.SESSION_MAX_AGE_DAYS,
    visitCountersFlushSeconds: e.VISIT_COUNTERS_FLUSH_SECONDS,
    reauthWindowMinutes: e.REAUTH_WINDOW_MINUTES,
    passkeys: passkeySite(e.PASSKEY_ORIGIN ?? e.PUBLIC_URL ?? `http://localhost:${e.PORT}`),
    s3: s3Config(e),
    workers: e.WORKERS,
    jobTimeoutSeconds: e.JOB_TIMEOUT_SECONDS,
    scheduledJobsEverySeconds: e.SCHEDULED_JOBS_EVERY_SECONDS,
    jobPollSeconds: e.JOB_POLL_SECONDS,
    paymentProvider: e.PAYMENT_PROVIDER,
    stripe,
    redsys,
    providerEventsRetentionDays: e.PROVIDER_EVENTS_RETENTION_DAYS,
    seller: { name: e.SELLER_NAME, taxId: e.SELLER_TAX_ID, address: e.SELLER_ADDRESS, country: e.SELLER_COUNTRY.toUpperCase() },
    sellerTimeZone: e.SELLER_TIME_ZONE,
    invoicePdfFont: pdfFont(e.INVOICE_PDF_FONT),
    invoiceQrHost: e.INVOICE_QR_HOST.toLowerCase(),
    verifactuMode: e.VERIFACTU_MODE,
    verifactuCertificate: e.VERIFACTU_CERT_FILE ? { file: resolve(e.VERIFACTU_CERT_FILE), password: e.VERIFACTU_CERT_PASSWORD } : null,
    verifactuSending: { endpoint: e.VERIFACTU_ENDPOINT, batchSize: e.VERIFACTU_BATCH_SIZE },
    vies: (e.VIES_CHECK ?? (e.NODE_ENV === 'production' ? 'on' : 'off')) === 'on' ? { url: e.VIES_URL } : null,
    wallet: walletOf(e),
    webhooks: webhooksOf(e),
    crm: crmOf(e),
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

/** The passkeys' site: an origin, and its host name, which is WebAuthn's relying party id (never an IP address: browsers refuse those). */
function passkeySite(url: string): { origin: string; rpId: string } {
  const { origin, hostname } = new URL(url);
  return { origin, rpId: hostname };
}
