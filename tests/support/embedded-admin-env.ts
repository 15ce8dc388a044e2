import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { hashPassword } from '@/lib/auth/password';

/**
 * The environment of a route test on the embedded database, with an operator who can log in: a
 * fresh data folder, Supabase switched off, and the admin login (cheap scrypt parameters, so
 * tests stay quick). Call it before importing the modules under test: they read the environment
 * on first use. Returns the data folder, for the test to remove.
 */
export async function prepareEmbeddedAdminEnvironment(name: string, password: string, extra: Record<string, string> = {}) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `orx-${name}-`));
  Object.assign(process.env, {
    DATA_DIR: dataDir,
    SUPABASE_URL: '',
    SUPABASE_ANON_KEY: '',
    SUPABASE_SERVICE_ROLE_KEY: '',
    ADMIN_USERNAME: 'operator',
    ADMIN_PASSWORD_HASH: await hashPassword(password, { N: 2 ** 10, r: 8, p: 1 }),
    SESSION_SECRET: `a-session-secret-for-the-${name}-tests-0123456789`,
    ...extra,
  });
  return dataDir;
}
