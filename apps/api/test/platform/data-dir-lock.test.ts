import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { DataDirInUseError, isAlive, lockDataDir } from '../../src/db/data-dir-lock.js';

const apiRoot = fileURLToPath(new URL('../..', import.meta.url));
const dirs: string[] = [];
const freshDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'enlaza-lock-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** A process killed but never reaped: its parent (`sh` turned into `sleep`) does not wait for children. */
async function zombie(): Promise<{ pid: number; cleanup: () => void }> {
  const parent = spawn('sh', ['-c', 'sleep 600 & echo $!; exec sleep 600'], { stdio: ['ignore', 'pipe', 'ignore'] });
  const pid = await new Promise<number>((resolve) =>
    parent.stdout.once('data', (chunk: Buffer) => resolve(Number.parseInt(chunk.toString(), 10))),
  );
  // Killed only once `sh` has become `sleep`, which never waits for children: before the exec, `sh`
  // could reap it (a loaded machine once ran the kill first, and the child was gone from /proc).
  while (readFileSync(`/proc/${parent.pid}/comm`, 'utf8').trim() !== 'sleep') await new Promise((r) => setTimeout(r, 10));
  process.kill(pid, 'SIGKILL');
  for (let i = 0; i < 100 && !readFileSync(`/proc/${pid}/stat`, 'utf8').includes(') Z'); i++) await new Promise((r) => setTimeout(r, 20));
  return { pid, cleanup: () => parent.kill('SIGKILL') };
}

describe.runIf(process.platform === 'linux')('the data directory lock', () => {
  it('refuses a directory held by a live process and takes over one held by a process just killed (not yet reaped)', async () => {
    const dir = freshDir();
    const holder = spawn('sleep', ['600']);
    writeFileSync(join(dir, 'enlaza.lock'), String(holder.pid));
    expect(() => lockDataDir(dir)).toThrow(DataDirInUseError);
    holder.kill('SIGKILL');

    const dead = await zombie();
    try {
      expect(() => process.kill(dead.pid, 0)).not.toThrow(); // the kernel still has it…
      expect(isAlive(dead.pid)).toBe(false); // …but it runs no more
      writeFileSync(join(dir, 'enlaza.lock'), String(dead.pid));
      const release = lockDataDir(dir);
      expect(readFileSync(join(dir, 'enlaza.lock'), 'utf8')).toBe(String(process.pid));
      release();
      expect(existsSync(join(dir, 'enlaza.lock'))).toBe(false);
      expect(readdirSync(dir)).toEqual([]); // no temporary or guard file left behind
    } finally {
      dead.cleanup();
    }
  });

  it('gives a stale lock to exactly one of several processes starting at once', async () => {
    const dir = freshDir();
    writeFileSync(join(dir, 'enlaza.lock'), '999999999'); // a pid no process has
    const go = join(dir, 'go');
    // Each contender says it is ready, spins until the go file appears (so all try at the same
    // moment, however long each took to start), tries to lock, reports, and holds what it got until
    // its stdin closes: nobody lets go before every contender has tried.
    const script = `
      import { existsSync } from 'node:fs';
      import { lockDataDir } from './src/db/data-dir-lock.ts';
      console.log('ready');
      while (!existsSync(${JSON.stringify(go)})) {}
      let result;
      try { lockDataDir(${JSON.stringify(dir)}); result = 'locked'; } catch (e) { result = e.constructor.name; }
      console.log(result);
      process.stdin.resume();
      process.stdin.on('end', () => process.exit(0));`;
    const contenders = Array.from({ length: 4 }, () => {
      const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
        cwd: apiRoot,
        stdio: ['pipe', 'pipe', 'inherit'],
      });
      const lines: string[] = [];
      const waiters: (() => void)[] = [];
      child.stdout.on('data', (d: Buffer) => {
        lines.push(...d.toString().split('\n').filter(Boolean));
        for (const wake of waiters.splice(0)) wake();
      });
      const line = async (n: number) => {
        while (lines.length <= n) await new Promise<void>((resolve) => waiters.push(resolve));
        return lines[n]!;
      };
      return { child, line };
    });
    try {
      for (const c of contenders) expect(await c.line(0)).toBe('ready');
      writeFileSync(go, '');
      const results = await Promise.all(contenders.map((c) => c.line(1)));
      expect(results.filter((r) => r === 'locked')).toHaveLength(1);
      expect(results.filter((r) => r === 'DataDirInUseError')).toHaveLength(3);
    } finally {
      for (const c of contenders) c.child.stdin.end();
      await Promise.all(
        contenders.map((c) => new Promise((resolve) => (c.child.exitCode !== null ? resolve(null) : c.child.once('exit', resolve)))),
      );
    }
  }, 60_000);
});
