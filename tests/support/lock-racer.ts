import path from 'node:path';
import { performance } from 'node:perf_hooks';
import readline from 'node:readline';
import { takeDataDirLock } from '../../lib/db/data-dir-lock';

/**
 * One contender of the lock race test, in its own process. The test prepares `folders` data
 * folders under `root`. Once loaded, this process prints `ready` and reads the race's start (an
 * epoch time in milliseconds) from its standard input; for each folder, at that start plus a slot
 * per folder, the same instants in every contender, it tries to take the folder's lock. It prints
 * the indexes it won, then stays alive, holding those locks, until the test closes its standard
 * input: a live holder while any other contender may still be racing, however late it started.
 */
const [root, folders, slotMs] = process.argv.slice(2) as [string, string, string];
const now = () => performance.timeOrigin + performance.now();
const sleeper = new Int32Array(new SharedArrayBuffer(4));
/** Sleeps until 2 ms before `at`, then spins: aligned to the microsecond, without holding a core for seconds. */
function waitUntil(at: number): void {
  const sleep = at - now() - 2;
  if (sleep > 0) Atomics.wait(sleeper, 0, 0, sleep);
  while (now() < at);
}

function race(startAt: number): void {
  const won: number[] = [];
  const lost: string[] = [];
  for (let index = 0; index < Number(folders); index++) {
    waitUntil(startAt + index * Number(slotMs));
    try {
      takeDataDirLock(path.join(root, String(index)));
      won.push(index);
    } catch (error) {
      lost.push(error instanceof Error ? error.message : String(error));
    }
  }
  console.log(JSON.stringify({ won, lost }));
}

const input = readline.createInterface({ input: process.stdin });
input.once('line', (startAt) => race(Number(startAt)));
input.once('close', () => process.exit(0));
console.log('ready');
