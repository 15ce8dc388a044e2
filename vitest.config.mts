import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const root = path.dirname(fileURLToPath(import.meta.url));

const TESTS = 'tests/unit';
const testFiles = fs
  .readdirSync(path.join(root, TESTS), { recursive: true, encoding: 'utf8' })
  .filter((name) => name.endsWith('.test.ts'))
  .map((name) => path.posix.join(TESTS, name.split(path.sep).join('/')));
/**
 * Files that replace modules (`vi.mock`): Vitest keeps a file's module mocks for the rest of its
 * process, so these run in a process of their own, as every file used to.
 */
const mockingFiles = testFiles.filter((file) => /\bvi\.(mock|doMock)\(/.test(fs.readFileSync(path.join(root, file), 'utf8')));

export default defineConfig({
  resolve: {
    alias: {
      '@': root,
      // `server-only` throws outside Next's server bundles; in Node tests every module is server code.
      'server-only': path.resolve(root, 'tests/support/server-only.ts'),
      // Next's cache functions need Next's server around them: outside it they are recorded.
      'next/cache': path.resolve(root, 'tests/support/next-cache.ts'),
      // Next's `connection()` needs a request around it: here the handlers are called directly.
      'next/server': path.resolve(root, 'tests/support/next-server.ts'),
    },
  },
  test: {
    environment: 'node',
    // The migrated database every in-memory one is copied from: made once for the run, not once
    // per file (tests/support/migrated-image.ts).
    globalSetup: ['tests/support/vitest/global-setup.ts'],
    setupFiles: ['tests/support/vitest/setup.ts'],
    // Vitest's default is one worker fewer than the cores: on the two-core machines the suite runs
    // on, one file at a time, a core idle while that file waits on a disk, the PostgreSQL server,
    // the local chain or a receiver. Each file has its own databases, folders and ports, so files
    // run side by side, a worker per core of these machines: most of a file's time is PGlite's CPU,
    // and a third worker stretched every file without shortening the run (docs/testing.md, "Where
    // the time goes").
    maxWorkers: 2,
    // Each file's process compiles PGlite's WebAssembly anew and lives for seconds: V8's optimising
    // tier (TurboFan) spent more CPU compiling PGlite's hot functions than the faster code gave back
    // in so short a life. Its baseline compiler (Liftoff) alone does the same work with less CPU
    // (docs/testing.md, "Where the time goes"). WebAssembly only: the tests' JavaScript is as before.
    execArgv: ['--liftoff-only'],
    // PGlite databases take seconds to create on these machines.
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Every other file shares a worker's process with the files before it: each file's process
    // spent more of its CPU importing the same modules (Next's, Solana's, PGlite's) than on many of
    // its tests. The setup file gives each file what a new process gave it: fresh copies of ORX's
    // modules, the environment as it was, and no database, loop or process-wide value of the file
    // before (tests/support/vitest/setup.ts; docs/testing.md, "Where the time goes").
    projects: [
      { extends: true, test: { name: 'own process', include: mockingFiles } },
      { extends: true, test: { name: 'shared process', include: testFiles, exclude: mockingFiles, isolate: false } },
    ],
  },
});
