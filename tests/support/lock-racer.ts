import { takeDataDirLock } from '../../lib/db/data-dir-lock';

/**
 * One contender of the lock race test, in its own process: waits for the common start time, tries
 * to take the data folder's lock, prints `won` or `lost`, and a winner holds the lock a while
 * (then exits, which releases it).
 */
const [dataDir, startAt, holdMs] = process.argv.slice(2).map((arg, index) => (index === 0 ? arg : Number(arg))) as [string, number, number];
// Spinning, not a timer, so both processes reach the lock as close together as the scheduler allows.
while (Date.now() < startAt);
try {
  takeDataDirLock(dataDir);
  console.log('won');
  setTimeout(() => process.exit(0), holdMs);
} catch (error) {
  console.log(`lost: ${error instanceof Error ? error.message : String(error)}`);
}
