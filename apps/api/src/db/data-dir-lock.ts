import { closeSync, linkSync, mkdirSync, openSync, readFileSync, renameSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';

export class DataDirInUseError extends Error {
  constructor(dir: string, pid: number) {
    super(
      `The data directory ${dir} is in use by another Enlaza process (pid ${pid}). ` +
        'PGlite cannot share a directory between processes: stop that process, or set DATA_DIR to another directory.',
    );
  }
}

/**
 * Whether a process is running. A zombie (exited, not yet reaped by its parent: a server killed a
 * moment ago) still answers `kill(pid, 0)`, so on Linux its state in /proc decides.
 */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // "pid (comm) state …": comm may hold spaces and parentheses, the state follows the last ')'.
    const state = stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3);
    return state !== 'Z' && state !== 'X' && state !== 'x';
  } catch {
    return true; // no /proc (macOS…): kill's answer stands
  }
}

/** The pid a lock file names; 0 when its content is not a pid; null when there is no such file. */
const readPid = (path: string): number | null => {
  try {
    const pid = Number.parseInt(readFileSync(path, 'utf8'), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : 0;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
};

/** A file holding our pid, created complete under a name of its own (so nobody ever reads a half-written lock). */
function writeOwnFile(dir: string): string {
  const path = join(dir, `enlaza.lock.${process.pid}.${Date.now()}.tmp`);
  const fd = openSync(path, 'wx');
  try {
    writeSync(fd, String(process.pid));
  } finally {
    closeSync(fd);
  }
  return path;
}

/**
 * Replaces a lock held by the dead `stalePid` with ours, atomically. Claimants of the same stale lock
 * race for a guard created exclusively (`wx`) and named after that pid; only the winner, after
 * checking the lock still names the dead pid, renames its own complete file over it. A guard whose
 * owner died in between is claimed the same way, one level down.
 */
function takeOver(path: string, stalePid: number, own: string, guardPath = `${path}.takeover-${stalePid}`): boolean {
  try {
    linkSync(own, guardPath); // exclusive: fails if the guard exists; the guard holds our pid
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    const guardOwner = readPid(guardPath);
    if (guardOwner === null) return false; // released meanwhile: start again
    // Another process is taking over (our own pid here is a guard left by an earlier process that had it).
    if (guardOwner !== 0 && guardOwner !== process.pid && isAlive(guardOwner)) return false;
    return takeOver(path, stalePid, own, `${guardPath}-${guardOwner}`);
  }
  try {
    if (readPid(path) !== stalePid) return false; // taken over (or released) meanwhile
    renameSync(own, path);
    return true;
  } finally {
    rmSync(guardPath, { force: true });
  }
}

/**
 * PGlite has no lock of its own and two processes on one directory corrupt it, so the directory
 * gets a lock file holding our pid, created exclusively. A lock left by a dead process (or a zombie)
 * is taken over atomically: two processes starting at once never both get it.
 */
export function lockDataDir(dir: string): () => void {
  mkdirSync(dir, { recursive: true });
  const path = join(dir, 'enlaza.lock');
  const release = () => {
    if (readPid(path) === process.pid) rmSync(path, { force: true });
  };
  const own = writeOwnFile(dir);
  try {
    for (let attempt = 0; attempt < 5; attempt++) {
      try {
        linkSync(own, path); // create-exclusive, and the lock is complete the moment it exists
        return release;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      }
      const pid = readPid(path);
      if (pid === null) continue; // released meanwhile: retry
      // A lock naming our own pid was left by an earlier process that had it (pid 1 in a container).
      if (pid !== 0 && pid !== process.pid && isAlive(pid)) throw new DataDirInUseError(dir, pid);
      if (takeOver(path, pid, own)) return release;
    }
    const holder = readPid(path);
    if (holder) throw new DataDirInUseError(dir, holder);
    throw new Error(`Could not lock the data directory ${dir}`);
  } finally {
    rmSync(own, { force: true });
  }
}
