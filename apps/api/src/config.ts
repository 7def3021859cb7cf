import { resolve, join } from 'node:path';
import { z } from 'zod';
import { apiPackageRoot } from './lib/paths.js';

const optionalString = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? undefined : v.trim()));

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
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
  CLOUD_MAX_FILE_MB: z.coerce.number().int().min(1).max(1024).default(10),
  S3_ENDPOINT: optionalString.pipe(z.url().optional()),
  S3_REGION: z.string().default('us-east-1'),
  S3_BUCKET: optionalString,
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  S3_FORCE_PATH_STYLE: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  /** inline: this process runs the background jobs; off: it only enqueues them (run `npm run worker`, PostgreSQL only). */
  WORKERS: z.enum(['inline', 'off']).default('inline'),
  JOB_TIMEOUT_SECONDS: z.coerce.number().int().min(2).max(3600).default(300),
  /** false, or how many proxies in front of the app to trust for X-Forwarded-For (true = 1). */
  TRUST_PROXY: z
    .string()
    .default('false')
    .transform((v) => (v === 'true' ? 1 : v === 'false' ? 0 : Number(v)))
    .pipe(z.number().int().min(0).max(10)),
});

export type Config = {
  nodeEnv: 'development' | 'production' | 'test';
  host: string;
  port: number;
  logLevel: string;
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
  /** Null: no SMTP server, emails go to the log and the deliveries table. */
  smtp: { host: string; port: number; secure: boolean; user: string | undefined; password: string | undefined } | null;
  mailFrom: string;
  /** Largest file one upload may carry. */
  cloudMaxFileBytes: number;
  /** S3-compatible storage for uploads; null: local disk under DATA_DIR/files. */
  /** Whether this process runs the job workers (see platform/jobs.ts). */
  workers: 'inline' | 'off';
  /** How long a job may run before it counts as stuck (its process died) and is retried. */
  jobTimeoutSeconds: number;
  s3: { endpoint: string; region: string; bucket: string; accessKeyId: string; secretAccessKey: string; forcePathStyle: boolean } | null;
};

function s3Config(e: z.infer<typeof envSchema>): Config['s3'] {
  if (!e.S3_BUCKET) return null;
  if (!e.S3_ENDPOINT || !e.S3_ACCESS_KEY_ID || !e.S3_SECRET_ACCESS_KEY) throw new Error('Invalid configuration:\n  S3_BUCKET needs S3_ENDPOINT, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY');
  return { endpoint: e.S3_ENDPOINT.replace(/\/+$/, ''), region: e.S3_REGION, bucket: e.S3_BUCKET, accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY, forcePathStyle: e.S3_FORCE_PATH_STYLE };
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
  if (e.WORKERS === 'off' && !e.DATABASE_URL) throw new Error('Invalid configuration:\n  WORKERS=off needs DATABASE_URL (separate `npm run worker` processes are a PostgreSQL feature)');
  return {
    nodeEnv: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    logLevel: e.LOG_LEVEL,
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
    smtp: e.SMTP_HOST ? { host: e.SMTP_HOST, port: e.SMTP_PORT, secure: e.SMTP_SECURE, user: e.SMTP_USER, password: e.SMTP_PASSWORD } : null,
    mailFrom: e.MAIL_FROM,
    cloudMaxFileBytes: e.CLOUD_MAX_FILE_MB * 1024 * 1024,
    s3: s3Config(e),
    workers: e.WORKERS,
    jobTimeoutSeconds: e.JOB_TIMEOUT_SECONDS,
  };
}
