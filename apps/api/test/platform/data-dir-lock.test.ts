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

  it('gives a stale lock to exactly one of several processes starting at once', () => {
    const dir = freshDir();
    writeFileSync(join(dir, 'enlaza.lock'), '999999999'); // a pid no process has
    // Each contender waits for the same moment, tries to lock, reports, and holds what it got for a while.
    const start = Date.now() + 4000;
    const script = `
      import { lockDataDir } from './src/db/data-dir-lock.ts';
      while (Date.now() < ${start}) {}
      let result;
      try { lockDataDir(${JSON.stringify(dir)}); result = 'locked'; } catch (e) { result = e.constructor.name; }
      console.log(result);
      setTimeout(() => {}, 1500);`;
    const contenders = Array.from({ length: 4 }, () =>
      spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
        cwd: apiRoot,
        stdio: ['ignore', 'pipe', 'inherit'],
      }),
    );
    return Promise.all(
      contenders.map(
        (c) =>
          new Promise<string>((resolve) => {
            let out = '';
            c.stdout.on('data', (d: Buffer) => (out += d.toString()));
            c.once('exit', () => resolve(out.trim()));
          }),
      ),
    ).then((results) => {
      expect(results.filter((r) => r === 'locked')).toHaveLength(1);
      expect(results.filter((r) => r === 'DataDirInUseError')).toHaveLength(3);
    });
  }, 60_000);
});
