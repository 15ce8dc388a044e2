import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TSX } from '../support/tsx-binary';

/**
 * Two real processes race for data folders' locks, as two servers started together after a crash
 * would: never may both win one folder. Each process races for many folders, one at a time, at
 * the same instants (tests/support/lock-racer.ts), half of them holding the lock of a process
 * that is gone.
 */

const RACER = path.join(process.cwd(), 'tests', 'support', 'lock-racer.ts');
const FOLDERS = 150;
const SLOT_MS = 10;
/** From the moment both contenders are loaded to their first race: a write to each one's pipe. */
const START_AHEAD_MS = 200;

type Outcome = { won: number[]; lost: string[] };

let root: string;
beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'orx-lock-race-'));
  for (let index = 0; index < FOLDERS; index++) {
    fs.mkdirSync(path.join(root, String(index)));
    // Every other folder starts from a crash: the lock of a process that is gone.
    if (index % 2 === 0) fs.writeFileSync(path.join(root, String(index), 'orx.lock'), '999999999 crashed-run');
  }
});
afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

/** A racer process: told when to start once it is loaded, told to exit (releasing its locks) by the end of its input. */
function contender() {
  const child = spawn(TSX, [RACER, root, String(FOLDERS), String(SLOT_MS)], { stdio: ['pipe', 'pipe', 'inherit'] });
  const lines = readline.createInterface({ input: child.stdout });
  const next = () =>
    new Promise<string>((resolve, reject) => {
      lines.once('line', resolve);
      child.once('error', reject);
      child.once('exit', (code) => reject(new Error(`the racer exited (${code}) before it answered`)));
    });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const ready = next();
  return {
    ready,
    race: async (startAt: number): Promise<Outcome> => {
      const outcome = next();
      child.stdin.write(`${startAt}\n`);
      return JSON.parse(await outcome) as Outcome;
    },
    exit: () => {
      child.stdin.end();
      return exited;
    },
  };
}

describe('two processes racing for one data folder', () => {
  it('never both take it, with a stale lock of a dead process in the folder or none', async () => {
    const racers = [contender(), contender()] as const;
    // Both are loaded before either races, however slowly each started: each one's locks stay held until both are done.
    await Promise.all(racers.map((racer) => racer.ready));
    const startAt = Date.now() + START_AHEAD_MS;
    const [first, second] = await Promise.all([racers[0].race(startAt), racers[1].race(startAt)]);
    await Promise.all(racers.map((racer) => racer.exit()));

    const bothWon = first.won.filter((index) => second.won.includes(index));
    expect(bothWon).toEqual([]);
    expect([...first.won, ...second.won].sort((a, b) => a - b)).toEqual(Array.from({ length: FOLDERS }, (_, index) => index));
    for (const message of [...first.lost, ...second.lost]) expect(message).toMatch(/^The embedded database in .* is in use by process \d+/);
    // Each winner released its locks when it exited.
    expect(fs.readdirSync(root).filter((folder) => fs.existsSync(path.join(root, folder, 'orx.lock')))).toEqual([]);
  }, 60_000);
});
