import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/*
 * Two processes writing one PGlite folder corrupt it without an error, so a lock file names the
 * process that holds the folder. Every step that decides who holds it is atomic in the file
 * system, so two processes starting at once (after a crash, say) can never both win:
 *
 * - the lock is taken by link(2) of a fully written file, which fails when the lock exists (like
 *   O_EXCL, and no reader ever sees a half-written lock);
 * - a lock whose process is gone is removed only by the process that creates that lock's
 *   take-over guard with O_EXCL ('wx'), and only if the lock still holds the same token (a pid and
 *   a random id, never reused) when re-read under the guard; then everyone races link(2) again.
 *
 * This module stays free of `server-only` because the race test runs it in plain child processes.
 */

const LOCK_NAME = 'orx.lock';
const GUARD_PREFIX = `${LOCK_NAME}.takeover-`;
/** A take-over by another process takes microseconds; a guard left for longer is a crash's. */
const ATTEMPTS = 20;
const GUARD_WAIT_MS = 50;

const held = new Map<string, string>();

export function lockPath(dataDir: string): string {
  return path.join(dataDir, LOCK_NAME);
}

export function takeDataDirLock(dataDir: string): void {
  const file = lockPath(dataDir);
  const token = `${process.pid} ${randomUUID()}`;
  const staged = `${file}.${randomUUID()}.new`;
  fs.writeFileSync(staged, token, { flag: 'wx' });
  try {
    for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
      if (linked(staged, file)) {
        if (held.size === 0) process.once('exit', () => [...held.keys()].forEach(releaseDataDirLock));
        held.set(dataDir, token);
        removeGuards(dataDir);
        return;
      }
      const current = readLock(file);
      if (current === null) continue;
      const holder = Number(current.split(' ')[0]);
      // Our own pid in a lock we do not hold is a previous run's (containers reuse pid 1).
      if (holder !== process.pid && isRunning(holder)) {
        throw new Error(
          `The embedded database in ${dataDir} is in use by process ${holder}. ` +
            'Stop that process, or set DATA_DIR to another folder.',
        );
      }
      removeStaleLock(file, current);
    }
  } finally {
    fs.rmSync(staged, { force: true });
  }
  throw new Error(
    `Could not take the lock of the embedded database in ${dataDir}. If no server uses that folder, ` +
      `delete ${file} and any ${GUARD_PREFIX}* files beside it.`,
  );
}

export function releaseDataDirLock(dataDir: string): void {
  const token = held.get(dataDir);
  held.delete(dataDir);
  // Only our own lock: a lock is never taken from a running process, so it is still ours.
  if (token !== undefined && readLock(lockPath(dataDir)) === token) fs.rmSync(lockPath(dataDir), { force: true });
}

function removeStaleLock(file: string, staleToken: string): void {
  const guard = `${path.dirname(file)}/${GUARD_PREFIX}${createHash('sha256').update(staleToken).digest('hex').slice(0, 32)}`;
  try {
    fs.writeFileSync(guard, String(process.pid), { flag: 'wx' });
  } catch (error) {
    // Another process is taking this stale lock over: give it a moment, then try again to link.
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return pause(GUARD_WAIT_MS);
    throw error;
  }
  // Under the guard, only this process may remove the stale token, and it cannot come back.
  if (readLock(file) === staleToken) fs.rmSync(file, { force: true });
}

/** Guards of tokens that are gone; safe to remove once a new lock holds its own token. */
function removeGuards(dataDir: string): void {
  for (const name of fs.readdirSync(dataDir)) {
    if (name.startsWith(GUARD_PREFIX)) fs.rmSync(path.join(dataDir, name), { force: true });
  }
}

/** Start-up code is synchronous here; Atomics.wait sleeps without spinning the CPU. */
function pause(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

function linked(staged: string, file: string): boolean {
  try {
    fs.linkSync(staged, file);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
}

function readLock(file: string): string | null {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

function isRunning(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
