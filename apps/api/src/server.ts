import { existsSync } from 'node:fs';
import { networkInterfaces } from 'node:os';
import { loadConfig } from './config.js';
import { openDatabase } from './db/client.js';
import { DEMO_ALIAS, seedIfEmpty } from './db/seed.js';
import { buildApp } from './app.js';
import { loggerOptions } from './lib/logging.js';
import { shortProfileLink } from './lib/public-links.js';
import { networkAddress, openAddress, startBanner } from './lib/start-banner.js';
import { closeOnSignals } from './platform/shutdown.js';

/** Process concerns only: configuration, logger, database, listen, graceful shutdown. */
async function main() {
  // Settings may come from a .env file in the working directory (see .env.example); the environment wins.
  if (existsSync('.env')) process.loadEnvFile('.env');
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }

  let database;
  try {
    database = await openDatabase(
      config.databaseUrl
        ? { kind: 'postgres', url: config.databaseUrl, poolSize: config.databasePoolSize }
        : { kind: 'pglite', dataDir: config.dataDir },
    );
  } catch (error) {
    console.error(`Cannot open the database: ${(error as Error).message}`);
    process.exit(1);
  }

  const app = await buildApp({ config, database, logger: loggerOptions(config.logLevel, config.logFormat) });
  app.log.info(config.databaseUrl ? 'database: PostgreSQL (DATABASE_URL)' : `database: PGlite in ${config.dataDir}`);

  const seeded = await seedIfEmpty(database.db, { admin: config.admin, demo: config.demo });
  if (seeded) {
    for (const [who, account] of Object.entries(seeded)) {
      const password = account.generated ? account.password : '(from the environment)';
      // Printed once, on the first start: generated passwords are not stored anywhere else.
      app.log.info(`seeded ${who} account: ${account.email} / ${password}`);
    }
  }

  closeOnSignals(app, database, 'closing');

  try {
    await app.listen({ host: config.host, port: config.port });
  } catch (error) {
    app.log.error(error);
    await database.close();
    process.exit(1);
  }
  const listening = app.server.address();
  const port = typeof listening === 'object' && listening ? listening.port : config.port;
  const banner = startBanner(openAddress(config.host, port), seeded, {
    publicUrl: config.publicUrl,
    demoCard: shortProfileLink(config.publicUrl, DEMO_ALIAS),
    emailsInLog: !config.smtp,
    lanAddress: networkAddress(networkInterfaces()),
    port,
  });
  for (const line of banner) app.log.info(line);
}

void main();
