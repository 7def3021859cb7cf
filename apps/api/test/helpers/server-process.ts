import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, inject } from 'vitest';
import { freePort } from './free-port.js';

const apiRoot = fileURLToPath(new URL('../..', import.meta.url));

declare module 'vitest' {
  export interface ProvidedContext {
    /**
     * The server and worker as `npm start` runs them: the esbuild bundle of src/ (build.mjs), built
     * once for the run by test/global-setup.ts inside the package (where its npm imports resolve). A
     * child started from the bundle loads in about half the CPU time of one started from the sources
     * through tsx (measured: 3.1 against 6.3 CPU s to a refused start), and the kill tests start many.
     */
    apiBundle: string;
  }
}

export type ServerProcess = {
  url: string;
  proc: ChildProcess;
  output: () => string;
  stop: (signal?: NodeJS.Signals) => Promise<number | null>;
};

/** Starts the real server (the bundle of src/server.ts) as its own process on a free port. */
export function startServer(env: Record<string, string>): Promise<ServerProcess> {
  return spawnEntry('server.js', env, /Server listening at (http:\/\/127\.0\.0\.1:\d+)/).ready;
}

/**
 * The server on a port chosen here, ready once `/api/health` answers: for a test that must reach it
 * early while it is busy (its log on a pipe may arrive late).
 */
export async function startServerPolled(env: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const { handle, ready } = spawnEntry('server.js', { ...env, PORT: String(port) }, /Server listening at/);
  let failed: Error | undefined;
  ready.catch((error: Error) => (failed = error));
  for (;;) {
    if (failed) throw failed;
    if (
      await fetch(`${url}/api/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return { ...handle, url };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Starts `npm run worker`'s entry (the bundle of src/worker.ts; PostgreSQL only): jobs, no HTTP (`url` is empty). */
export function startWorker(env: Record<string, string>): Promise<ServerProcess> {
  return spawnEntry('worker.js', env, /worker started()/).ready;
}

/**
 * Children still running. A test that times out never reaches its own stop: without this, its
 * server outlived the test run (adopted by init) and kept the cores busy for the next run. They
 * are killed when the test file ends (its hooks run even after a timeout; a forked worker that is
 * torn down never emits `exit`), and when the process exits.
 */
const running = new Set<ChildProcess>();
afterAll(() => {
  for (const child of running) child.kill('SIGKILL');
});
process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

function spawnEntry(
  entry: 'server.js' | 'worker.js',
  env: Record<string, string>,
  readyLine: RegExp,
): { handle: ServerProcess; ready: Promise<ServerProcess> } {
  const proc = spawn(process.execPath, ['--enable-source-maps', join(inject('apiBundle'), entry)], {
    cwd: apiRoot,
    env: { ...process.env, HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'info', WEB_DIST: '/nonexistent', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(proc);
  let output = '';
  const exited = new Promise<number | null>((resolve) =>
    proc.once('exit', (code) => {
      running.delete(proc);
      resolve(code);
    }),
  );
  const stop = async (signal: NodeJS.Signals = 'SIGTERM') => {
    if (proc.exitCode === null) proc.kill(signal);
    return exited;
  };
  const handle: ServerProcess = { url: '', proc, output: () => output, stop };
  const ready = new Promise<ServerProcess>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = readyLine.exec(output);
      if (match) resolve({ ...handle, url: match[1] ?? '' });
    };
    proc.stdout.on('data', onData);
    proc.stderr.on('data', onData);
    void exited.then((code) =>
      // The end of its log says why (a test expecting a refusal reads `output` instead).
      reject(Object.assign(new Error(`${entry} exited with ${code}:\n${output.slice(-2000)}`), { code, output })),
    );
  });
  return { handle, ready };
}

/** Runs the server expecting it to refuse to start; resolves with its exit code and output. */
export function runToExit(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return startServer(env).then(
    async (server) => {
      await server.stop();
      throw new Error(`expected the server to refuse to start, but it listened at ${server.url}`);
    },
    (error: { code: number | null; output: string }) => ({ code: error.code, output: error.output }),
  );
}
