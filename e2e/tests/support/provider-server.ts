import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { expect, test, type Browser, type BrowserContext, type PlaywrightWorkerArgs } from '@playwright/test';
import { createUser, type AppServer } from './fixtures';

const root = fileURLToPath(new URL('../../..', import.meta.url));

/**
 * Servers started and not yet stopped. A spec's beforeAll that times out while its server starts
 * never gets the server to stop: its afterAll stops them all (`stopProviderServers`), and so does
 * the worker when it exits, or the server outlived the run, holding its port.
 */
const running = new Set<() => Promise<void>>();
const children = new Set<ReturnType<typeof spawn>>();
process.once('exit', () => {
  for (const child of children) child.kill('SIGTERM');
});

/** Stops every server this worker started that still runs. */
export async function stopProviderServers() {
  await Promise.all([...running].map((stop) => stop()));
}

export type ProviderServer = AppServer & {
  /** What the server has written so far (its log, at `warn`). */
  output: () => string;
  stop: () => Promise<void>;
};

/**
 * A server of a spec's own, started as the suite's is (`node e2e/start-server.mjs`: the built app on
 * a fresh PGlite database, a mailbox on the next port), on `port`, with a payment provider's settings
 * in `env`. start-server.mjs hands its own environment on to the server, so the provider's settings
 * reach it as an operator would set them. Ready once `/api/ready` answers.
 */
export async function startProviderServer(port: number, env: Record<string, string>): Promise<ProviderServer> {
  const url = `http://127.0.0.1:${port}`;
  const ready = () =>
    fetch(`${url}/api/ready`).then(
      (response) => response.ok,
      () => false,
    );
  // A server left over on that port would answer for ours.
  if (await ready()) throw new Error(`another server already answers on ${url}`);
  const childEnv: NodeJS.ProcessEnv = { ...process.env, ...env, E2E_PORT: String(port) };
  // Always the embedded database: the specs of a PostgreSQL run need no second database server.
  delete childEnv.TEST_DATABASE_URL;
  delete childEnv.E2E_FAKE_TIME;
  const child = spawn(process.execPath, ['e2e/start-server.mjs'], { cwd: root, env: childEnv, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  children.add(child);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let gone = false;
  void exited.then(() => {
    gone = true;
    children.delete(child);
  });

  const server: ProviderServer = {
    url,
    mailbox: `http://127.0.0.1:${port + 1}`,
    output: () => output,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
      running.delete(server.stop);
    },
  };
  running.add(server.stop);
  // Waits for the server itself (its start takes a few seconds): it answers, or its process ends.
  try {
    while (!(await ready())) {
      if (gone) throw new Error(`the server on ${port} exited before it was ready:\n${output.slice(-3000)}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  } catch (error) {
    await server.stop();
    throw error;
  }
  return server;
}

/**
 * A spec's provider: its stand-in started, then a server of its own on `port` with the settings
 * `envOf` gives for it, before the spec's tests (one after the other); both stopped after them. Read
 * `standIn` and `server` inside tests.
 */
export function useProviderServer<S extends { close(): Promise<void> }>(
  port: number,
  startStandIn: () => Promise<S>,
  envOf: (standIn: S) => Record<string, string>,
) {
  let standIn: S | undefined;
  let server: ProviderServer | undefined;
  test.describe.configure({ mode: 'serial', timeout: 90_000 });
  test.beforeAll(async () => {
    // The server's start (PGlite, migrations, seed) took 15–35 s on the shared 2-core machine.
    test.setTimeout(120_000);
    standIn = await startStandIn();
    server = await startProviderServer(port, envOf(standIn));
  });
  test.afterAll(async () => {
    // Also a server whose start outlasted the beforeAll (`server` is then unset).
    await stopProviderServers();
    await standIn?.close();
  });
  return {
    get standIn(): S {
      if (!standIn) throw new Error('the stand-in starts in beforeAll');
      return standIn;
    },
    get server(): ProviderServer {
      if (!server) throw new Error('the server starts in beforeAll');
      return server;
    },
  };
}

/**
 * A new Free customer of `server`, signed in, in a browser context of its own (`prepare` runs on it
 * before its first page, e.g. to route a provider's hosts). `toUs` records every request the
 * browser makes to that server, from whatever frame: method, URL and body. `name` is the one the
 * header shows (a picture's customer has a fixed one; the default is made per run).
 */
export async function customerOf(
  server: ProviderServer,
  {
    browser,
    playwright,
    workerIndex,
    name,
  }: { browser: Browser; playwright: PlaywrightWorkerArgs['playwright']; workerIndex: number; name?: string },
  prepare: (context: BrowserContext) => Promise<unknown> = async () => undefined,
) {
  const api = await playwright.request.newContext({ baseURL: server.url, extraHTTPHeaders: { 'X-Requested-With': 'XMLHttpRequest' } });
  const customer = await createUser(api, workerIndex, { plan: 'free', name }, server);
  await api.dispose();
  const context = await browser.newContext({ baseURL: server.url, storageState: customer.state });
  await prepare(context);
  const toUs: string[] = [];
  context.on('request', (request) => {
    if (new URL(request.url()).origin === server.url) toUs.push(`${request.method()} ${request.url()} ${request.postData() ?? ''}`);
  });
  return { customer, context, toUs, page: await context.newPage() };
}

/** What a request says once its percent-encoding is undone (as it is, where that is not valid). */
function decoded(line: string) {
  try {
    return decodeURIComponent(line);
  } catch {
    return line;
  }
}

/** No address or body in `toUs` carries the card number, however spaced, separated or percent-encoded. */
export function expectNumberNeverSent(toUs: string[], number: string) {
  const digits = number.replace(/\s/g, '');
  for (const line of toUs) expect(decoded(line).replace(/[\s+-]/g, ''), line).not.toContain(digits);
}
