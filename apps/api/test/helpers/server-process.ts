import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const apiRoot = fileURLToPath(new URL('../..', import.meta.url));

export type ServerProcess = { url: string; proc: ChildProcess; output: () => string; stop: (signal?: NodeJS.Signals) => Promise<number | null> };

/** Starts the real server (src/server.ts through tsx) as its own process on a free port. */
export function startServer(env: Record<string, string>): Promise<ServerProcess> {
  const proc = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', 'src/server.ts'], {
    cwd: apiRoot,
    env: { ...process.env, HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'info', WEB_DIST: '/nonexistent', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<number | null>((resolve) => proc.once('exit', (code) => resolve(code)));
  const stop = async (signal: NodeJS.Signals = 'SIGTERM') => {
    if (proc.exitCode === null) proc.kill(signal);
    return exited;
  };
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (match?.[1]) resolve({ url: match[1], proc, output: () => output, stop });
    };
    proc.stdout.on('data', onData);
    proc.stderr.on('data', onData);
    void exited.then((code) => reject(Object.assign(new Error(`server exited with ${code}`), { code, output })));
  });
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
