import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

/**
 * Two real processes race for one data folder's lock, as two servers started together after a
 * crash would: never both may win.
 */

const TSX = path.join(process.cwd(), 'node_modules', '.bin', 'tsx');
const RACER = path.join(process.cwd(), 'tests', 'support', 'lock-racer.ts');
const ROUNDS = 6;

let dataDir: string;
beforeEach(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'orx-lock-race-'));
});
afterEach(() => fs.rmSync(dataDir, { recursive: true, force: true }));

function contender(startAt: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(TSX, [RACER, dataDir, String(startAt), '2000'], { stdio: ['ignore', 'pipe', 'inherit'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('exit', () => resolve(output.trim()));
  });
}

async function race(): Promise<string[]> {
  // Far enough ahead for both processes to have started on a busy machine.
  const startAt = Date.now() + 4000;
  return Promise.all([contender(startAt), contender(startAt)]);
}

describe('two processes racing for one data folder', () => {
  it(
    'never both take it, with a stale lock of a dead process in the folder or none',
    async () => {
      for (let round = 0; round < ROUNDS; round++) {
        fs.rmSync(path.join(dataDir, 'orx.lock'), { force: true });
        // Every other round starts from a crash: the lock of a process that is gone.
        if (round % 2 === 0) fs.writeFileSync(path.join(dataDir, 'orx.lock'), '999999999 crashed-run');
        const outcomes = await race();
        expect(outcomes.filter((outcome) => outcome === 'won'), `round ${round}: ${outcomes.join(' | ')}`).toHaveLength(1);
        expect(outcomes.find((outcome) => outcome !== 'won')).toMatch(/^lost: The embedded database in .* is in use by process \d+/);
        // The winner released the lock when it exited.
        expect(fs.existsSync(path.join(dataDir, 'orx.lock'))).toBe(false);
      }
    },
    ROUNDS * 20_000,
  );
});
