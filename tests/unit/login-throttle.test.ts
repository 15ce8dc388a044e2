import fs from 'node:fs';
import path from 'node:path';
import { NextRequest } from 'next/server';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { closeEmbeddedDatabase, IN_MEMORY, openEmbeddedDatabase } from '@/lib/db/embedded';
import { createEmbeddedThrottleStore } from '@/lib/throttle/embedded-store';
import { prepareEmbeddedAdminEnvironment } from '../support/embedded-admin-env';

/**
 * The admin login's throttle through the login route, on a real (in-memory) database, with a clock
 * the test moves instead of waiting. scrypt is counted to show that a throttled guess does none.
 */

const passwordModule = vi.hoisted(() => ({ verifications: 0, checkedHashes: [] as string[] }));
vi.mock('@/lib/auth/password', async (importOriginal) => {
  const original = await importOriginal<typeof import('@/lib/auth/password')>();
  return {
    ...original,
    verifyPassword: (...args: Parameters<typeof original.verifyPassword>) => {
      passwordModule.verifications++;
      passwordModule.checkedHashes.push(args[1]);
      return original.verifyPassword(...args);
    },
  };
});

const PASSWORD = 'the operator password';
// The accounts live in this folder's database; the throttle, in each test's own (below).
const dataDir = await prepareEmbeddedAdminEnvironment('login-throttle', PASSWORD);
afterAll(async () => {
  await closeEmbeddedDatabase(path.resolve(dataDir));
  fs.rmSync(dataDir, { recursive: true, force: true });
});
const { logIn } = await import('@/lib/admin/session-routes');
const { createLoginThrottle, LOGIN_LIMIT } = await import('@/lib/auth/login-throttle');
const { createDeviceCookie, DEVICE_COOKIE } = await import('@/lib/auth/device-cookie');

const ORIGIN = 'http://shop.test';
let clock: Date;
let throttle: ReturnType<typeof createLoginThrottle>;

beforeEach(async () => {
  const db = await openEmbeddedDatabase(IN_MEMORY);
  clock = new Date('2026-11-23T10:00:00Z');
  throttle = createLoginThrottle(createEmbeddedThrottleStore(async () => db), () => clock);
  passwordModule.verifications = 0;
  passwordModule.checkedHashes = [];
});

afterEach(() => vi.unstubAllEnvs());

const login = (username: string, password: string, headers: Record<string, string> = {}) =>
  logIn(
    new NextRequest(`${ORIGIN}/api/admin-session`, {
      method: 'POST',
      headers: { host: 'shop.test', origin: ORIGIN, 'content-type': 'application/json', ...headers },
      body: JSON.stringify({ username, password }),
    }),
    throttle,
  );

const forged = (attempt: number) => ({
  'x-forwarded-for': `198.51.100.${attempt}`,
  'x-real-ip': `203.0.113.${attempt}`,
  forwarded: `for=192.0.2.${attempt}`,
});

async function burst(count: number, headers: (attempt: number) => Record<string, string>) {
  const statuses: number[] = [];
  for (let attempt = 1; attempt <= count; attempt++) statuses.push((await login('operator', `guess ${attempt}`, headers(attempt))).status);
  return statuses;
}

describe.each([
  ['no proxy (TRUSTED_PROXY_HOPS=0)', '0', forged],
  // Behind one proxy the rightmost entry is the address the proxy saw: here a new one every time.
  ['one proxy (TRUSTED_PROXY_HOPS=1)', '1', (attempt: number) => ({ ...forged(attempt), 'x-forwarded-for': `10.9.9.9, 198.51.100.${attempt}` })],
])('behind %s, guesses from rotating addresses', (_, hops, headers) => {
  beforeEach(() => vi.stubEnv('TRUSTED_PROXY_HOPS', hops));

  it('get no more than the allowed guesses per username, then the spec text with 429 and Retry-After', async () => {
    const statuses = await burst(20, headers);
    expect(statuses.filter((status) => status === 401)).toHaveLength(LOGIN_LIMIT.perUsername);
    expect(statuses.slice(LOGIN_LIMIT.perUsername).every((status) => status === 429)).toBe(true);

    const throttled = await login('OPERATOR ', PASSWORD, headers(99));
    expect(throttled.status).toBe(429);
    expect(await throttled.json()).toEqual({ error: 'Invalid credentials. Access denied.' });
    expect(throttled.headers.get('retry-after')).toBe(String(LOGIN_LIMIT.policy.baseDelaySeconds));
    expect(throttled.headers.get('set-cookie')).toBeNull();
    // Only the guesses let through were checked with scrypt.
    expect(passwordModule.verifications).toBe(LOGIN_LIMIT.perUsername);
  });

  it('leave the operator able to log in once the delay has passed', async () => {
    await burst(20, headers);
    const throttled = await login('operator', PASSWORD);
    const wait = Number(throttled.headers.get('retry-after'));
    expect(throttled.status).toBe(429);

    clock = new Date(clock.getTime() + wait * 1000);
    const response = await login('operator', PASSWORD);
    expect(response.status).toBe(200);
    expect(response.headers.get('set-cookie')).toMatch(/HttpOnly/i);
  });
});

describe('the per-client limit', () => {
  it('holds a trusted client address that tries many usernames, and no other client', async () => {
    vi.stubEnv('TRUSTED_PROXY_HOPS', '1');
    const from = (address: string) => ({ 'x-forwarded-for': address });
    const statuses: number[] = [];
    for (let user = 0; user < LOGIN_LIMIT.perClient + 3; user++) statuses.push((await login(`user${user}`, 'guess', from('198.51.100.7'))).status);
    expect(statuses.filter((status) => status === 401)).toHaveLength(LOGIN_LIMIT.perClient);
    expect((await login('operator', PASSWORD, from('198.51.100.8'))).status).toBe(200);
  });

  it('is not kept for an address no trusted proxy vouches for', async () => {
    vi.stubEnv('TRUSTED_PROXY_HOPS', '0');
    const statuses: number[] = [];
    for (let user = 0; user < LOGIN_LIMIT.perClient + 3; user++) statuses.push((await login(`user${user}`, 'guess')).status);
    expect(statuses.every((status) => status === 401)).toBe(true);
    expect((await login('operator', PASSWORD)).status).toBe(200);
  });
});

describe('a browser that signed in before (its device cookie)', () => {
  const SECRET = process.env.SESSION_SECRET!;

  /** The device cookie a successful login set, as the browser sends it back. */
  async function signedInBrowser(): Promise<Record<string, string>> {
    const response = await login('operator', PASSWORD);
    expect(response.status).toBe(200);
    const cookie = response.headers.getSetCookie().find((line) => line.startsWith(`${DEVICE_COOKIE}=`));
    expect(cookie).toMatch(/HttpOnly/i);
    return { cookie: cookie!.split(';')[0]! };
  }

  it("is not slowed by strangers' guesses for its username; a forged device cookie or another user's is", async () => {
    vi.stubEnv('TRUSTED_PROXY_HOPS', '0');
    const operatorsBrowser = await signedInBrowser();
    const statuses = await burst(20, forged);
    expect(statuses.slice(LOGIN_LIMIT.perUsername).every((status) => status === 429)).toBe(true);
    expect((await login('operator', PASSWORD)).status).toBe(429);

    expect((await login('operator', PASSWORD, operatorsBrowser)).status).toBe(200);
    expect((await login('operator', PASSWORD, { cookie: `${DEVICE_COOKIE}=forged` })).status).toBe(429);
    const elsewhere = await createDeviceCookie('someone-else', SECRET);
    expect((await login('operator', PASSWORD, { cookie: `${DEVICE_COOKIE}=${elsewhere.value}` })).status).toBe(429);
  });

  it('still counts its own failed guesses, and keeps its device id across sign-ins', async () => {
    vi.stubEnv('TRUSTED_PROXY_HOPS', '0');
    const operatorsBrowser = await signedInBrowser();
    const statuses: number[] = [];
    for (let attempt = 0; attempt < LOGIN_LIMIT.perUsername + 2; attempt++) statuses.push((await login('operator', 'wrong', operatorsBrowser)).status);
    expect(statuses.filter((status) => status === 401)).toHaveLength(LOGIN_LIMIT.perUsername);
    expect(statuses.slice(LOGIN_LIMIT.perUsername)).toEqual([429, 429]);
    // Strangers were never counted with it: another browser still gets its own guesses.
    expect((await login('operator', 'wrong')).status).toBe(401);
  });
});

describe('a username no one has', () => {
  it("is checked against a hash as costly as the owner's, so that it answers as slowly as a member's", async () => {
    const { getAdminCredentials } = await import('@/lib/auth/credentials');
    const { parsePasswordHash } = await import('@/lib/auth/password');
    const parameters = (hash: string) => {
      const { N, r, p } = parsePasswordHash(hash)!;
      return { N, r, p };
    };
    expect((await login('nobody-by-this-name', 'guess')).status).toBe(401);
    expect((await login('operator', 'wrong')).status).toBe(401);
    const [unknown, owner] = passwordModule.checkedHashes;
    expect(unknown).not.toBe(owner);
    expect(parameters(unknown!)).toEqual(parameters(owner!));
    expect(parameters(owner!)).toEqual(parameters((await getAdminCredentials()).passwordHash));
  });
});

describe("under ORX's server (the socket's address, TRUSTED_PROXY_HOPS=0)", () => {
  const socket = (address: string, attempt: number) => ({ 'x-orx-socket-address': address, ...forged(attempt) });

  it('limits one address guessing invented usernames behind rotating forged headers, and writes none of them on the trail', async () => {
    vi.stubEnv('TRUSTED_PROXY_HOPS', '0');
    vi.stubEnv('ORX_FRONT_DOOR', '1');
    const { auditStore } = await import('@/lib/audit/server-store');
    const trailBefore = (await auditStore().page({ limit: 500 })).length;
    const statuses: number[] = [];
    for (let attempt = 1; attempt <= 40; attempt++) {
      statuses.push((await login(`invented-\u0007\u202Euser-${attempt}`, 'guess', socket('203.0.113.50', attempt))).status);
    }
    expect(statuses.slice(0, LOGIN_LIMIT.perClient).every((status) => status === 401)).toBe(true);
    expect(statuses.slice(LOGIN_LIMIT.perClient).every((status) => status === 429)).toBe(true);
    expect(passwordModule.verifications).toBe(LOGIN_LIMIT.perClient);

    const trail = await auditStore().page({ limit: 500 });
    expect(trail.length).toBe(trailBefore);
    expect(JSON.stringify(trail)).not.toContain('invented');

    // Another address is not held; a wrong password for a real member is on the trail, without the text typed.
    expect((await login('operator', 'wrong', socket('203.0.113.51', 1))).status).toBe(401);
    const [failed] = await auditStore().page({ kind: 'staff.sign-in-failed', limit: 1 });
    expect(failed).toMatchObject({ actor: 'operator', address: '203.0.113.51' });
    expect((await login('operator', PASSWORD, socket('203.0.113.51', 2))).status).toBe(200);
  });

  it("lets the operator's known browser in from the held address, never a new one", async () => {
    vi.stubEnv('TRUSTED_PROXY_HOPS', '0');
    vi.stubEnv('ORX_FRONT_DOOR', '1');
    const signedIn = await login('operator', PASSWORD, socket('203.0.113.60', 0));
    const operatorsBrowser = { cookie: signedIn.headers.getSetCookie().find((line) => line.startsWith(`${DEVICE_COOKIE}=`))!.split(';')[0]! };
    for (let attempt = 1; attempt <= LOGIN_LIMIT.perClient; attempt++) await login(`someone-${attempt}`, 'guess', socket('203.0.113.60', attempt));
    expect((await login('operator', PASSWORD, socket('203.0.113.60', 99))).status).toBe(429);
    expect((await login('operator', PASSWORD, { ...socket('203.0.113.60', 99), ...operatorsBrowser })).status).toBe(200);
    // Its success does not clear the address's count: a member's own sign-in buys no more guesses at others'.
    expect((await login('someone-else', 'guess', socket('203.0.113.60', 100))).status).toBe(429);
  });

  it("counts an address's failures only: staff signing in from one office are never held by their own sign-ins", async () => {
    vi.stubEnv('TRUSTED_PROXY_HOPS', '0');
    vi.stubEnv('ORX_FRONT_DOOR', '1');
    for (let signIn = 0; signIn < LOGIN_LIMIT.perClient + 5; signIn++) expect((await login('operator', PASSWORD, socket('203.0.113.70', signIn))).status).toBe(200);
    // A member who signs in between guesses gives back their own attempt, not the guesses.
    for (let guess = 1; guess < LOGIN_LIMIT.perClient; guess++) await login(`someone-${guess}`, 'guess', socket('203.0.113.70', guess));
    expect((await login('operator', PASSWORD, socket('203.0.113.70', 50))).status).toBe(200);
    expect((await login('someone-last', 'guess', socket('203.0.113.70', 51))).status).toBe(401);
    expect((await login('someone-more', 'guess', socket('203.0.113.70', 52))).status).toBe(429);
  });
});
