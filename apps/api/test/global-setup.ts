// Migrates and seeds the run's template databases once, with the job queue installed (pg-boss's
// schema and every queue of the test app); every test file starts from a copy of one
// (test/helpers/database.ts), so no file runs the migrations, the seed or pg-boss's DDL itself.
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { buildApi } from '../build.mjs';
import { openDatabase, type DatabaseHandle } from '../src/db/client.js';
import { SEEDED_DEMO_PLAN } from './helpers/accounts.js';
import { createScratchDatabase, testDatabaseUrl, type DatabaseTemplates, type TemplateName } from './helpers/database.js';
import { installJobQueue, testAppQueues } from './helpers/job-queue-template.js';
import { seedTestAccounts } from './helpers/passwords.js';

const seed = (database: DatabaseHandle) => seedTestAccounts(database.db, SEEDED_DEMO_PLAN);

async function pgliteTemplates(): Promise<{ templates: DatabaseTemplates; remove: () => Promise<void> }> {
  const dir = await mkdtemp(join(tmpdir(), 'enlaza-test-templates-'));
  const database = await openDatabase({ kind: 'pglite', dataDir: null });
  try {
    const save = async (name: TemplateName) => {
      const path = join(dir, `${name}.tar`);
      await writeFile(path, Buffer.from(await (await database.dumpDataDir!()).arrayBuffer()));
      return path;
    };
    await installJobQueue(database, await testAppQueues(database));
    const migrated = await save('migrated');
    await seed(database);
    const seeded = await save('seeded');
    return { templates: { kind: 'pglite', migrated, seeded }, remove: () => rm(dir, { recursive: true, force: true }) };
  } finally {
    await database.close();
  }
}

async function postgresTemplates(serverUrl: string): Promise<{ templates: DatabaseTemplates; remove: () => Promise<void> }> {
  const migrated = await createScratchDatabase(serverUrl, { empty: true, prefix: 'enlaza_template' });
  let seeded: Awaited<ReturnType<typeof createScratchDatabase>> | undefined;
  const remove = async () => {
    await migrated.drop();
    await seeded?.drop();
  };
  try {
    // A template database is copied only while nobody is connected to it: each is closed once ready.
    const database = await openDatabase({ kind: 'postgres', url: migrated.url, poolSize: 2 });
    try {
      await installJobQueue(database, await testAppQueues(database));
    } finally {
      await database.close();
    }
    // The seeded template is a copy of the migrated one, seeded: the migrations and the job queue once.
    seeded = await createScratchDatabase(serverUrl, { template: migrated.name, prefix: 'enlaza_template' });
    const copy = await openDatabase({ kind: 'postgres', url: seeded.url, poolSize: 2 });
    try {
      await seed(copy);
    } finally {
      await copy.close();
    }
  } catch (error) {
    await remove();
    throw error;
  }
  return { templates: { kind: 'postgres', migrated: migrated.name, seeded: seeded.name }, remove };
}

export default async function setup(project: TestProject) {
  // The bundle the process tests start (test/helpers/server-process.ts), built once for the run.
  const bundle = join(
    fileURLToPath(new URL('..', import.meta.url)),
    'node_modules',
    '.cache',
    `enlaza-test-api-${randomBytes(4).toString('hex')}`,
  );
  await buildApi(bundle);
  project.provide('apiBundle', bundle);
  const { templates, remove } = testDatabaseUrl ? await postgresTemplates(testDatabaseUrl) : await pgliteTemplates();
  project.provide('databaseTemplates', templates);
  return async () => {
    await remove();
    await rm(bundle, { recursive: true, force: true });
  };
}
