import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resolveAdminCredentials } from '@/lib/auth/credentials';
import { hashPassword, verifyPassword } from '@/lib/auth/password';
import { checkAdminCredentialsAtStart } from '@/lib/auth/startup';
import { parseAdminConfig } from '@/lib/auth/config';

const hash = await hashPassword('operator password', { N: 2 ** 10, r: 8, p: 1 });
const complete = { ADMIN_USERNAME: 'operator', ADMIN_PASSWORD_HASH: hash, SESSION_SECRET: 's'.repeat(32) };

const tempDirs: string[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'orx-admin-config-'));
  tempDirs.push(dir);
  return dir;
};

afterEach(() => {
  vi.restoreAllMocks();
  for (const dir of tempDirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe('admin credentials from the environment', () => {
  it('uses all three variables, in production too', () => {
    const expected = { username: 'operator', passwordHash: hash, sessionSecret: 's'.repeat(32) };
    expect(parseAdminConfig(complete)).toEqual({ kind: 'configured', credentials: expected });
    expect(parseAdminConfig({ ...complete, NODE_ENV: 'production' })).toEqual({ kind: 'configured', credentials: expected });
  });

  it('refuses to run in production without them, naming each missing variable', () => {
    expect(() => parseAdminConfig({ NODE_ENV: 'production' })).toThrow(
      /admin login is not configured: ADMIN_USERNAME, ADMIN_PASSWORD_HASH, SESSION_SECRET are missing/,
    );
    expect(() => parseAdminConfig({ ...complete, SESSION_SECRET: ' ', NODE_ENV: 'production' })).toThrow(
      /not configured: SESSION_SECRET is missing/,
    );
  });

  it('refuses a half-given login in development', () => {
    expect(() => parseAdminConfig({ ADMIN_USERNAME: 'operator' })).toThrow(
      /half configured: ADMIN_PASSWORD_HASH, SESSION_SECRET are missing/,
    );
  });

  it('refuses a username the bootstrap owner could not be named by (a control, a direction override, nothing visible)', () => {
    for (const username of ['oper\u0007ator', 'oper\u202Eator', '\u200B\u200D']) {
      expect(() => parseAdminConfig({ ...complete, ADMIN_USERNAME: username })).toThrow(/^ADMIN_USERNAME: must be plain text on one line/);
    }
  });

  it('refuses a session secret shorter than 32 characters', () => {
    expect(() => parseAdminConfig({ ...complete, SESSION_SECRET: 'short' })).toThrow(
      'SESSION_SECRET: must be at least 32 characters',
    );
  });

  it('refuses a password hash that is not a scrypt hash, such as a plain password', () => {
    expect(() => parseAdminConfig({ ...complete, ADMIN_PASSWORD_HASH: 'hunter2' })).toThrow(
      /^ADMIN_PASSWORD_HASH: must be a scrypt hash made by `npm run hash-password`$/,
    );
  });

  it('stops a production server at start with the message', async () => {
    await expect(checkAdminCredentialsAtStart({ NODE_ENV: 'production' })).rejects.toThrow(/ADMIN_USERNAME/);
  });
});

describe('development credentials', () => {
  it('are made once into DATA_DIR, readable by the owner only, and printed at every start', async () => {
    const dir = tempDir();
    const log = vi.spyOn(console, 'info').mockImplementation(() => {});
    const first = await resolveAdminCredentials({ DATA_DIR: dir, NODE_ENV: 'development' });
    const file = path.join(dir, 'admin-credentials.json');
    expect(first.generated?.file).toBe(file);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(first.credentials.username).toBe('admin');
    expect(first.credentials.sessionSecret.length).toBeGreaterThanOrEqual(32);
    expect(await verifyPassword(first.generated!.password, first.credentials.passwordHash)).toBe(true);

    const again = await resolveAdminCredentials({ DATA_DIR: dir });
    expect(again).toEqual(first);

    await checkAdminCredentialsAtStart({ DATA_DIR: dir });
    expect(log).toHaveBeenCalledWith(expect.stringContaining(`password: ${first.generated!.password}`));
  });

  it('prints nothing when the environment gives the login', async () => {
    const log = vi.spyOn(console, 'info').mockImplementation(() => {});
    const dir = tempDir();
    expect(await resolveAdminCredentials({ ...complete, DATA_DIR: dir })).toEqual({
      credentials: { username: 'operator', passwordHash: hash, sessionSecret: 's'.repeat(32) },
    });
    await checkAdminCredentialsAtStart({ ...complete, DATA_DIR: dir });
    expect(log).not.toHaveBeenCalled();
    expect(fs.existsSync(path.join(dir, 'admin-credentials.json'))).toBe(false);
  });

  it('refuses a damaged credentials file instead of replacing it silently', async () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, 'admin-credentials.json'), '{"username":');
    await expect(resolveAdminCredentials({ DATA_DIR: dir })).rejects.toThrow(/not a valid admin credentials file/);
  });
});
