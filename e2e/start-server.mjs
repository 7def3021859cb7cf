#!/usr/bin/env node
// Starts the built API (which also serves the built web app) on a fresh database for Playwright.
// PGlite in e2e/.artifacts by default; with TEST_DATABASE_URL, a fresh `enlaza_e2e` database on
// that PostgreSQL server. Assumes `npm run build` has been run.
//
// With E2E_FAKE_TIME (an ISO time in UTC), the server runs under libfaketime (Debian's `faketime`):
// its clock starts at that time and moves one millisecond per reading, whatever the real time and
// however slow the machine, so the screens the visual comparisons take show the same dates in every
// run. Always on PGlite then: a PostgreSQL server would stamp rows with its own, real clock.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { E2E_ACCOUNTS as accounts, E2E_BASE_URL, E2E_MAILBOX_PORT, E2E_PORT, fakeClockFile, fakeTimeSpec } from './accounts.mjs';
import { startMailbox } from './mailbox.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const server = join(root, 'apps', 'api', 'dist', 'server.js');
const E2E_DATABASE = process.env.E2E_PORT ? `enlaza_e2e_${process.env.E2E_PORT}` : 'enlaza_e2e';

if (!existsSync(server)) {
  console.error(`[e2e] ${server} is missing: run \`npm run build\` at the repository root first.`);
  process.exit(1);
}

/**
 * Drops and recreates `enlaza_e2e` on the server of `adminUrl`; returns its URL.
 * @param {string} adminUrl
 */
async function freshPostgresDatabase(adminUrl) {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS ${E2E_DATABASE} WITH (FORCE)`);
    await client.query(`CREATE DATABASE ${E2E_DATABASE}`);
  } finally {
    await client.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${E2E_DATABASE}`;
  return url.toString();
}

const artifacts = join(root, 'e2e', '.artifacts');
// One data directory per E2E_PORT, so two runs of the suite (PGlite and PostgreSQL) can go side by side.
const dataDir = join(artifacts, process.env.E2E_PORT ? `data-${process.env.E2E_PORT}` : 'data');
rmSync(dataDir, { recursive: true, force: true });
mkdirSync(dataDir, { recursive: true });

// Emails go to a real SMTP server in this process; specs read them at E2E_MAILBOX_URL.
const mailbox = await startMailbox({ httpPort: E2E_MAILBOX_PORT });
console.log(`[e2e] SMTP on 127.0.0.1:${mailbox.smtpPort}, messages at http://127.0.0.1:${E2E_MAILBOX_PORT}/messages`);

/** @type {NodeJS.ProcessEnv} */
const env = {
  ...process.env,
  NODE_ENV: 'production',
  // The built app as the README's demo runs it: invoices in the demo seller's name.
  DEMO_SELLER: 'true',
  // VIES is looked up by default in production; the browser tests run offline (its own tests use a stand-in).
  VIES_CHECK: 'off',
  PORT: String(E2E_PORT),
  HOST: '127.0.0.1',
  LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
  DATA_DIR: dataDir,
  WEB_DIST: join(root, 'apps', 'web', 'dist'),
  ADMIN_EMAIL: accounts.admin.email,
  ADMIN_PASSWORD: accounts.admin.password,
  DEMO_EMAIL: accounts.user.email,
  DEMO_PASSWORD: accounts.user.password,
  // Room for the cards, tags and files the specs create (Free allows one card).
  DEMO_PLAN: 'pro',
  // Every spec's visitor writes from 127.0.0.1: the per-address limit (5 in 10 minutes) is the mailbox test's, not the whole suite's.
  CONTACT_LIMIT_PER_ADDRESS: '1000',
  // The fixtures register each test's users from an address of their own (X-Forwarded-For from this one
  // local hop), so the per-address sign-up limit (10 an hour) limits the registration spec, not the suite.
  TRUST_PROXY: '1',
  // COUNTRY_LOOKUP_URL unset: the app's own lookup, as installed (no outside service; the browsers ask from 127.0.0.1, in no range).
  SMTP_HOST: '127.0.0.1',
  SMTP_PORT: String(mailbox.smtpPort),
  SMTP_SECURE: 'false',
  MAIL_FROM: 'Enlaza <no-reply@e2e.enlaza.test>',
  PUBLIC_URL: E2E_BASE_URL,
  // Browsers refuse passkeys on an IP address: the passkeys spec signs in at localhost (same server).
  PASSKEY_ORIGIN: `http://localhost:${E2E_PORT}`,
  // The sandbox's test clock (renewals.spec.ts advances it; no other spec depends on the date moving).
  TEST_CLOCK_ENABLED: 'true',
  // The e2e server runs the production build, as a staging server would.
  TEST_CLOCK_ALLOW_PRODUCTION: 'true',
  // HubSpot set up (an app of no one: nothing connects to it in the specs), Salesforce not: the CRM screen shows both cases.
  HUBSPOT_CLIENT_ID: 'e2e-hubspot-app',
  HUBSPOT_CLIENT_SECRET: 'e2e-hubspot-secret',
};
delete env.SMTP_USER;
delete env.SMTP_PASSWORD;
delete env.DATABASE_URL;

const fakeTime = process.env.E2E_FAKE_TIME?.trim();
if (fakeTime) {
  // The library Debian's `faketime` package installs, under the machine's multiarch directory.
  const library = readdirSync('/usr/lib')
    .map((dir) => join('/usr/lib', dir, 'faketime', 'libfaketime.so.1'))
    .find((path) => existsSync(path));
  if (!library) {
    console.error("[e2e] E2E_FAKE_TIME needs libfaketime: install Debian's `faketime` package (.ci/run does).");
    process.exit(1);
  }
  const start = new Date(fakeTime);
  if (Number.isNaN(start.getTime())) {
    console.error(`[e2e] E2E_FAKE_TIME=${fakeTime} is not a time`);
    process.exit(1);
  }
  // "@<start> i0.001": start there, one millisecond more at each reading of the wall clock. Timers
  // run on the real monotonic clock, so the server's waits and polls keep their real lengths. The
  // spec is read from a file, again each second, so that the seed can move the clock back to its
  // start once the server is up (the readings while it starts are not the same in every run).
  env.LD_PRELOAD = library;
  const clockFile = fakeClockFile(E2E_PORT);
  mkdirSync(dirname(clockFile), { recursive: true });
  writeFileSync(clockFile, fakeTimeSpec(start));
  env.FAKETIME_TIMESTAMP_FILE = clockFile;
  env.FAKETIME_CACHE_DURATION = '1';
  env.FAKETIME_DONT_FAKE_MONOTONIC = '1';
  env.TZ = 'UTC';
  // The visual comparisons need only the jobs their seed sends, which wake their workers at once: the
  // look for other jobs (one query every JOB_POLL_SECONDS) can wait a minute.
  env.JOB_POLL_SECONDS = '60';
  console.log(`[e2e] clock starts at ${start.toISOString()}`);
}

const testDatabaseUrl = fakeTime ? undefined : process.env.TEST_DATABASE_URL?.trim();
if (testDatabaseUrl) {
  try {
    env.DATABASE_URL = await freshPostgresDatabase(testDatabaseUrl);
  } catch (error) {
    console.error(`[e2e] could not prepare ${E2E_DATABASE} on TEST_DATABASE_URL:`, error instanceof Error ? error.message : error);
    process.exit(1);
  }
  console.log(`[e2e] PostgreSQL database ${E2E_DATABASE}`);
} else {
  console.log(`[e2e] PGlite in ${dataDir}`);
}

const child = spawn(process.execPath, [server], { cwd: root, env, stdio: 'inherit' });

for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM', 'SIGHUP'])) {
  process.on(signal, () => {
    if (child.exitCode === null) child.kill(signal);
  });
}

child.on('exit', (code, signal) => {
  void mailbox.close().finally(() => process.exit(code ?? (signal ? 1 : 0)));
});
