import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { takeDataDirLock } from '../../lib/db/data-dir-lock';

/**
 * One contender of the lock race test, in its own process. The test prepares `folders` data
 * folders under `root`; for each, at the same moment in every contender (`startAt` plus a slot per
 * folder, in microseconds of wall time), this process tries to take its lock. It prints the
 * indexes it won, then stays alive until `endAt`, so a lock it holds stays held (a live holder)
 * while the other contenders are still racing.
 */
const [root, folders, startAt, slotMs, endAt] = process.argv.slice(2) as [string, string, string, string, string];
const now = () => performance.timeOrigin + performance.now();
const won: number[] = [];
const lost: string[] = [];
for (let index = 0; index < Number(folders); index++) {
  const at = Number(startAt) + index * Number(slotMs);
  // Spinning, not a timer: both processes reach the lock as close together as the scheduler allows.
  while (now() < at);
  try {
    takeDataDirLock(path.join(root, String(index)));
    won.push(index);
  } catch (error) {
    lost.push(error instanceof Error ? error.message : String(error));
  }
}
console.log(JSON.stringify({ won, lost }));
setTimeout(() => process.exit(0), Math.max(0, Number(endAt) - now()));
