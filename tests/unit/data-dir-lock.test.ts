import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

/**
 * Two real processes race for data folders' locks, as two servers started together after a crash
 * would: never may both win one folder. Each process races for many folders, one at a time, at
 * the same instants (tests/support/lock-racer.ts), half of them holding the lock of a process
 * that is gone.
 */

const TSX = path.join(process.cwd(), 'node_modules', '.bin', 'tsx');
const RACER = path.join(process.cwd(), 'tests', 'support', 'lock-racer.ts');
const FOLDERS = 150;
const SLOT_MS = 10;

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

function contender(startAt: number, endAt: number): Promise<Outcome> {
  return new Promise((resolve, reject) => {
    const args = [RACER, root, String(FOLDERS), String(startAt), String(SLOT_MS), String(endAt)];
    const child = spawn(TSX, args, { stdio: ['ignore', 'pipe', 'inherit'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('exit', () => resolve(JSON.parse(output) as Outcome));
  });
}

describe('two processes racing for one data folder', () => {
  it('never both take it, with a stale lock of a dead process in the folder or none', async () => {
    // Far enough ahead for both processes to have started on a busy machine.
    const startAt = Date.now() + 5000;
    const endAt = startAt + FOLDERS * SLOT_MS + 3000;
    const [first, second] = await Promise.all([contender(startAt, endAt), contender(startAt, endAt)]);

    const bothWon = first.won.filter((index) => second.won.includes(index));
    expect(bothWon).toEqual([]);
    expect([...first.won, ...second.won].sort((a, b) => a - b)).toEqual(Array.from({ length: FOLDERS }, (_, index) => index));
    for (const message of [...first.lost, ...second.lost]) expect(message).toMatch(/^The embedded database in .* is in use by process \d+/);
    // Each winner released its locks when it exited.
    expect(fs.readdirSync(root).filter((folder) => fs.existsSync(path.join(root, folder, 'orx.lock')))).toEqual([]);
  }, 60_000);
});
