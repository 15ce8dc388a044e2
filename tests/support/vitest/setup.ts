import { afterAll, vi } from 'vitest';

/**
 * Runs before each test file. Most files share a worker's process with the files before them
 * (`isolate: false`, vitest.config.mts), so this gives each one what a process of its own gave it:
 * fresh copies of ORX's modules (the packages under node_modules stay loaded, which is the saving),
 * the environment as the worker started with it, and, once the file is done, no database, loop,
 * timer or process-wide value of its own left for the next file.
 */

const ENV_AT_START = Symbol.for('orx.tests.env-at-start');
type ProcessGlobal = Record<string | symbol, unknown> & { [ENV_AT_START]?: NodeJS.ProcessEnv };
const processGlobal = globalThis as unknown as ProcessGlobal;
const envAtStart = (processGlobal[ENV_AT_START] ??= { ...process.env });

vi.resetModules();
const { startFromRunImage } = await import('../migrated-image');
startFromRunImage();

afterAll(async () => {
  const [{ stopBackgroundLoop }, { closeEveryEmbeddedDatabase }] = await Promise.all([
    import('@/lib/jobs/loop'),
    import('@/lib/db/embedded'),
  ]);
  stopBackgroundLoop();
  await closeEveryEmbeddedDatabase();
  // ORX's process-wide values (lib/: `globalThis.__orx…` and `Symbol.for('orx.…')`), which outlive
  // a module's copy on purpose, as Next.js may evaluate a module twice in one server.
  for (const key of Object.keys(processGlobal)) if (key.startsWith('__orx')) delete processGlobal[key];
  for (const key of Object.getOwnPropertySymbols(processGlobal)) {
    if (key !== ENV_AT_START && key.description?.startsWith('orx.')) delete processGlobal[key];
  }
  vi.useRealTimers();
  vi.unstubAllEnvs();
  for (const key of Object.keys(process.env)) if (!(key in envAtStart)) delete process.env[key];
  Object.assign(process.env, envAtStart);
});
