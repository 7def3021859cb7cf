import { existsSync } from 'node:fs';
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
  // The same modules as the API define the same jobs; this process serves no HTTP.
  const app = await buildApp({ config: { ...config, workers: 'inline' }, database, logger: loggerOptions(config.logLevel) });
  await app.ready();
  app.log.info('worker started');

  closeOnSignals(app, database, 'stopping the workers');
}

void main();
