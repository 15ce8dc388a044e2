import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { closeEmbeddedDatabase, openEmbeddedDatabase } from '@/lib/db/embedded';

// A folder once made: these tests' subject is not how it is made (embedded-persistence.test.ts is),
// so each folder starts from the run's migrated image, as the other files' folders do.
let dataDir: string;

beforeEach(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'orx-folder-'));
});

afterEach(async () => {
  await closeEmbeddedDatabase(dataDir);
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('an embedded database folder', () => {
  it('opens one database per folder however many callers ask at once', async () => {
    const [a, b] = await Promise.all([openEmbeddedDatabase(dataDir), openEmbeddedDatabase(dataDir)]);
    expect(a).toBe(b);
  });

  describe('the lock against a second process', () => {
    let holder: ChildProcess | undefined;
    afterEach(() => holder?.kill());

    it('refuses a folder that a running process holds', async () => {
      holder = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)']);
      fs.writeFileSync(path.join(dataDir, 'orx.lock'), String(holder.pid));
      await expect(openEmbeddedDatabase(dataDir)).rejects.toThrow(
        `The embedded database in ${dataDir} is in use by process ${holder.pid}`,
      );
    });

    it('takes over a lock left by a process that is gone, and releases it on close', async () => {
      fs.writeFileSync(path.join(dataDir, 'orx.lock'), '999999999');
      await openEmbeddedDatabase(dataDir);
      expect(fs.readFileSync(path.join(dataDir, 'orx.lock'), 'utf8')).toMatch(new RegExp(`^${process.pid} `));
      await closeEmbeddedDatabase(dataDir);
      expect(fs.existsSync(path.join(dataDir, 'orx.lock'))).toBe(false);
    });
  });

  it('runs Postgres with a 16 MB buffer cache, not PGlite’s 128 MB held in resident memory', async () => {
    const db = await openEmbeddedDatabase(dataDir);
    expect((await db.query<{ shared_buffers: string }>('show shared_buffers')).rows[0]?.shared_buffers).toBe('16MB');
  });
});
