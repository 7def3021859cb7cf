import { existsSync } from 'node:fs';
import { setPriority } from 'node:os';
import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { openDatabase } from './db/client.js';
import { loggerOptions } from './lib/logging.js';
import { closeOnSignals } from './platform/shutdown.js';

/**
 * `npm run worker`: a process that only runs background jobs (emails, event subscribers, sweeps) for
 * API processes started with WORKERS=off. PostgreSQL only: a PGlite data directory is locked by the
 * one process that opens it, so with PGlite the API runs its workers itself (WORKERS=inline).
 */
/** The worker process's OS priority (nice; higher is lower priority). */
const WORKER_NICE = 10;

async function main() {
  if (existsSync('.env')) process.loadEnvFile('.env');
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
  if (!config.databaseUrl) {
    console.error('npm run worker needs DATABASE_URL (PostgreSQL): with PGlite the API process runs the jobs itself (WORKERS=inline).');
    process.exit(1);
  }

  let database;
  try {
    database = await openDatabase({ kind: 'postgres', url: config.databaseUrl, poolSize: config.databasePoolSize });
  } catch (error) {
    console.error(`Cannot open the database: ${(error as Error).message}`);
    process.exit(1);
  }
  // Background work yields the CPU to the API processes (and the database) on the same machine: the
  // worker runs at a lower OS priority (nice 10), so a big campaign does not slow the requests down.
  try {
    setPriority(WORKER_NICE);
  } catch {
    /* not allowed here (some containers): the default priority */
  }
  // The same modules as the API define the same jobs; this process serves no HTTP.
  const app = await buildApp({
    config: { ...config, workers: 'inline' },
    database,
    logger: loggerOptions(config.logLevel, config.logFormat),
  });
  await app.ready();
  app.log.info('worker started');

  closeOnSignals(app, database, 'stopping the workers');
}

void main();
