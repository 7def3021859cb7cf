import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const root = fileURLToPath(new URL('../..', import.meta.url));
export const BENCH_USER = { email: 'bench@enlaza.test', password: 'bench-password-123' };

async function postgresReachable(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

/** `databaseUrl`: the scratch PostgreSQL database (for seeding), null on PGlite. */
export type RunningServer = {
  url: string;
  database: string;
  databaseUrl: string | null;
  pid: number | undefined;
  /** The separate worker process's, when there is one. */
  workerPid: number | undefined;
  stop: () => Promise<void>;
};

/**
 * Starts the built API (apps/api/dist/server.js, or `dist`/BENCH_API_DIST's) as its own process, on a scratch PostgreSQL
 * database when BENCH_DATABASE_URL (default: the local test server) answers, else on PGlite.
 */
export async function startBenchServer(port: number, options: { separateWorker?: boolean; dist?: string } = {}): Promise<RunningServer> {
  const serverUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const env: Record<string, string> = {
    // The scratch database invoices as the demo seller (a production start refuses the placeholder otherwise).
    DEMO_SELLER: 'true',
    ...process.env,
    HOST: '127.0.0.1',
    PORT: String(port),
    LOG_LEVEL: 'warn',
    DEMO_EMAIL: BENCH_USER.email,
    DEMO_PASSWORD: BENCH_USER.password,
    ADMIN_EMAIL: 'admin@enlaza.test',
    ADMIN_PASSWORD: 'bench-admin-password',
  };
  // The jobs in a process of their own (`npm run worker`), the API only enqueueing them (PostgreSQL only).
  if (options.separateWorker) env.WORKERS = 'off';
  let cleanup = async () => {};
  let database: string;
  if (await postgresReachable(serverUrl)) {
    const name = `enlaza_bench_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    env.DATABASE_URL = url.toString();
    database = `PostgreSQL (${url.host})`;
    cleanup = async () => {
      const c = new pg.Client({ connectionString: serverUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    };
  } else {
    const dir = mkdtempSync(join(tmpdir(), 'enlaza-bench-'));
    env.DATA_DIR = dir;
    delete env.DATABASE_URL;
    database = 'PGlite (embedded)';
    cleanup = async () => rmSync(dir, { recursive: true, force: true });
  }

  // BENCH_SERVER_NODE_ARGS: extra node flags for the API process, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`
  // to see where a slow figure's time goes (NODE_OPTIONS refuses --cpu-prof).
  const nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(/\s+/).filter(Boolean);
  // BENCH_API_DIST: another build of the API to run (a folder holding server.js and worker.js), e.g.
  // the previous commit's, to compare two builds in the same conditions.
  const dist = options.dist ?? process.env.BENCH_API_DIST ?? join(root, 'apps/api/dist');
  const proc: ChildProcess = spawn(process.execPath, [...nodeArgs, join(dist, 'server.js')], {
    env,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 200; i++) {
    try {
      if ((await fetch(`${url}/api/ready`)).ok) break;
    } catch {
      /* not listening yet */
    }
    if (proc.exitCode !== null) throw new Error('the API exited during start-up');
    await new Promise((r) => setTimeout(r, 100));
  }
  // Started once the API has migrated the database.
  const worker: ChildProcess | null =
    options.separateWorker && env.DATABASE_URL
      ? spawn(process.execPath, [...nodeArgs, join(dist, 'worker.js')], { env, stdio: ['ignore', 'inherit', 'inherit'] })
      : null;
  return {
    url,
    database,
    databaseUrl: env.DATABASE_URL ?? null,
    pid: proc.pid,
    workerPid: worker?.pid,
    stop: async () => {
      for (const child of [worker, proc]) {
        if (!child || child.exitCode !== null) continue;
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      await cleanup();
    },
  };
}

/** The bench user's bearer token on a running server (the demo user the server was seeded with). */
export async function benchToken(server: RunningServer): Promise<string> {
  const login = await fetch(`${server.url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(BENCH_USER),
  });
  return ((await login.json()) as { data: { token: string } }).data.token;
}

/** Starts the API, signs the bench user in, runs `measure`, and stops the API whatever happens. */
export async function withBenchServer(port: number, measure: (server: RunningServer, token: string) => Promise<void>): Promise<void> {
  const server = await startBenchServer(port);
  try {
    console.log(`API on ${server.database} at ${server.url}\n`);
    await measure(server, await benchToken(server));
  } finally {
    await server.stop();
  }
}
