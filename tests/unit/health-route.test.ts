import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';

const holder = globalThis as typeof globalThis & { __orxStores?: unknown };

async function healthWith(env: Record<string, string>) {
  delete holder.__orxStores;
  Object.assign(process.env, env);
  const { GET } = await import('@/app/api/health/route');
  return GET();
}

afterEach(() => {
  delete holder.__orxStores;
  for (const name of ['DATA_DIR', 'SUPABASE_URL', 'SUPABASE_ANON_KEY', 'SUPABASE_SERVICE_ROLE_KEY']) delete process.env[name];
});

describe('GET /api/health', () => {
  it('answers 200 once the embedded catalogue can be read', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'orx-health-'));
    const response = await healthWith({ DATA_DIR: dataDir });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok' });
    const { closeEmbeddedDatabase } = await import('@/lib/db/embedded');
    await closeEmbeddedDatabase(dataDir);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers 503 when the database cannot be reached', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const response = await healthWith({
      SUPABASE_URL: 'http://127.0.0.1:9',
      SUPABASE_ANON_KEY: 'anon',
      SUPABASE_SERVICE_ROLE_KEY: 'service',
    });
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ error: 'The catalogue cannot be read' });
  });
});
