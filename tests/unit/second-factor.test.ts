import fs from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { NextRequest } from 'next/server';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { adminCall, type AdminCall } from '../support/admin-call';
import { prepareEmbeddedAdminEnvironment } from '../support/embedded-admin-env';

/**
 * Issue 36: the second factor. An authenticator app checked with a fixed clock, recovery codes used
 * once, passkeys' refusals, the password alone reaching nothing, guesses limited, and step-up, all
 * through the route handlers on a fresh embedded database.
 */

const dataDir = await prepareEmbeddedAdminEnvironment('second-factor', 'the owner password');
const { SESSION_COOKIE } = await import('@/lib/auth/session');
const { closeEmbeddedDatabase } = await import('@/lib/db/embedded');
const { auditStore } = await import('@/lib/audit/server-store');
const { newTotpSecret, stepOfCode, totpCode } = await import('@/lib/second-factor/totp');
const { seal, unseal } = await import('@/lib/second-factor/secret-box');
const { newRecoveryCodes, recoveryCodeHash } = await import('@/lib/second-factor/recovery-codes');
const { factorState } = await import('@/lib/second-factor/routes');
const { staffCookie } = await import('../support/staff-session');
const { enrolApp, factorRequest } = await import('../support/second-factor');
const ordersExport = await import('@/app/api/admin/orders/export/route');
const watchesRoute = await import('@/app/api/admin/watches/route');
const watchRoute = await import('@/app/api/admin/watches/[id]/route');
const staffRoute = await import('@/app/api/admin/staff/route');

afterAll(async () => {
  await closeEmbeddedDatabase(path.resolve(dataDir));
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const T0 = new Date('2026-11-26T10:00:00Z');
const seconds = (count: number) => new Date(T0.getTime() + count * 1000);

const send = (handler: unknown, cookie: string, call: AdminCall = {}) => adminCall(handler, { ...call, cookie });
const stateOf = async (cookie: string) =>
  (await factorState(new NextRequest('http://shop.test/api/admin-session/factor', { headers: { host: 'shop.test', cookie: `${SESSION_COOKIE}=${cookie}` } }))).json();
const refusalOf = async (response: Response) => (await response.json()) as { error: string; code?: string };

describe('an authenticator app, on a fixed clock', () => {
  const secret = newTotpSecret();

  it('accepts the code of this 30-second step and of the steps either side, and no other', () => {
    const code = totpCode(secret, T0);
    const step = Math.floor(T0.getTime() / 30_000);
    expect(stepOfCode(secret, code, T0)).toBe(step);
    expect(stepOfCode(secret, ` ${code.slice(0, 3)} ${code.slice(3)} `, T0)).toBe(step);
    expect(stepOfCode(secret, totpCode(secret, seconds(30)), T0)).toBe(step + 1);
    expect(stepOfCode(secret, totpCode(secret, seconds(-30)), T0)).toBe(step - 1);
    expect(stepOfCode(secret, totpCode(secret, seconds(60)), T0)).toBeNull();
    expect(stepOfCode(secret, totpCode(secret, seconds(-60)), T0)).toBeNull();
    expect(stepOfCode(secret, 'abcdef', T0)).toBeNull();
    expect(stepOfCode(newTotpSecret(), code, T0)).toBeNull();
  });

  it('keeps its secret sealed with the session secret: another secret, or a changed seal, opens nothing', () => {
    const sealed = seal(secret, 'a-session-secret-of-at-least-32-characters');
    expect(sealed).not.toContain(secret);
    expect(unseal(sealed, 'a-session-secret-of-at-least-32-characters')).toBe(secret);
    expect(unseal(sealed, 'another-session-secret-of-32-characters!')).toBeNull();
    expect(unseal(`${sealed.slice(0, -4)}AAAA`, 'a-session-secret-of-at-least-32-characters')).toBeNull();
    expect(unseal('not sealed', 'a-session-secret-of-at-least-32-characters')).toBeNull();
  });

  it('makes ten different recovery codes, read in any case, with or without the dash', () => {
    const codes = newRecoveryCodes();
    expect(new Set(codes).size).toBe(10);
    expect(codes.every((code) => /^[a-z2-9]{5}-[a-z2-9]{5}$/.test(code))).toBe(true);
    expect(recoveryCodeHash(codes[0]!.toUpperCase().replace('-', ' '))).toBe(recoveryCodeHash(codes[0]!));
  });
});

describe('the sign-in, through the routes', () => {
  beforeEach(() => vi.useFakeTimers({ toFake: ['Date'], now: T0 }));
  afterEach(() => vi.useRealTimers());

  it('lets the password alone reach only the second-factor step, where the first factor is set up', async () => {
    const cookie = await staffCookie('catalogue', { name: 'First Timer', secondFactorAt: null });
    expect(await stateOf(cookie)).toEqual({ verified: false, recent: false, totp: false, passkeys: [], recoveryCodesLeft: 0 });
    expect((await send(watchesRoute.GET, cookie)).status).toBe(401);

    const setup = (await (await factorRequest('totp-setup', cookie)).json()) as { secret: string; uri: string; qr: string };
    expect(setup.uri).toBe(`otpauth://totp/ORX:first%20timer?issuer=ORX&secret=${setup.secret}&algorithm=SHA1&digits=6&period=30`);
    expect(setup.qr).toMatch(/^<svg/);
    const wrong = await factorRequest('totp', cookie, { code: totpCode(setup.secret, seconds(120)) });
    expect(wrong.status).toBe(401);
    expect((await refusalOf(wrong)).error).toBe('That code is not right. Check your app and try again.');
    expect((await send(watchesRoute.GET, cookie)).status).toBe(401);

    const confirmed = (await (await factorRequest('totp', cookie, { code: totpCode(setup.secret, T0) })).json()) as { recoveryCodes: string[]; verified: boolean };
    expect(confirmed.verified).toBe(true);
    expect(confirmed.recoveryCodes).toHaveLength(10);
    expect((await send(watchesRoute.GET, cookie)).status).toBe(200);
    expect(await stateOf(cookie)).toMatchObject({ verified: true, recent: true, totp: true, recoveryCodesLeft: 10 });
  });

  it('accepts each code once: the next sign-in needs the next step\'s code', async () => {
    const first = await staffCookie('fulfilment', { name: 'Code Once', secondFactorAt: null });
    const { secret } = await enrolApp(first, T0);
    const second = await staffCookie('fulfilment', { name: 'Code Once', secondFactorAt: null });
    const replay = await factorRequest('totp', second, { code: totpCode(secret, T0) });
    expect(replay.status).toBe(401);
    expect((await factorRequest('totp', second, { code: totpCode(secret, seconds(30)) })).status).toBe(200);
    const third = await staffCookie('fulfilment', { name: 'Code Once', secondFactorAt: null });
    // The step before the last one used is no good either, though it is within the clock's window.
    expect((await factorRequest('totp', third, { code: totpCode(secret, seconds(-30)) })).status).toBe(401);
  });

  it('answers 404 to the password alone naming an action every object inherits, and shows none of the request (issue 47)', async () => {
    const first = await staffCookie('catalogue', { name: 'Inherited Names', secondFactorAt: null });
    await enrolApp(first, T0);
    const intruder = await staffCookie('catalogue', { name: 'Inherited Names', secondFactorAt: null });
    // constructor answered 200 with the session, the factors (the sealed app secret) and the challenge.
    for (const action of Object.getOwnPropertyNames(Object.prototype)) {
      const response = await factorRequest(action, intruder);
      expect(response.status, action).toBe(404);
      expect(await response.json(), action).toEqual({ error: 'Not found' });
    }
  });

  it('never lets the password alone add a factor to an account that has one', async () => {
    const first = await staffCookie('catalogue', { name: 'Has One', secondFactorAt: null });
    await enrolApp(first, T0);
    const intruder = await staffCookie('catalogue', { name: 'Has One', secondFactorAt: null });
    for (const [action, body] of [['totp-setup', {}], ['passkey-options', { purpose: 'register' }], ['recovery-codes', {}]] as const) {
      const refused = await factorRequest(action, intruder, body);
      expect(refused.status, action).toBe(403);
      expect(await refusalOf(refused)).toEqual({ error: 'Confirm it is you with your second factor first.', code: 'STEP_UP_REQUIRED' });
    }
  });

  it('takes each recovery code once, and says how many are left', async () => {
    const first = await staffCookie('catalogue', { name: 'Lost Phone', secondFactorAt: null });
    const { recoveryCodes } = await enrolApp(first, T0);
    const next = await staffCookie('catalogue', { name: 'Lost Phone', secondFactorAt: null });
    const used = await factorRequest('recovery', next, { code: recoveryCodes[3]!.toUpperCase() });
    expect(used.status).toBe(200);
    expect(((await used.json()) as { recoveryCodesLeft: number }).recoveryCodesLeft).toBe(9);
    const again = await staffCookie('catalogue', { name: 'Lost Phone', secondFactorAt: null });
    const refused = await factorRequest('recovery', again, { code: recoveryCodes[3] });
    expect(refused.status).toBe(401);
    expect((await refusalOf(refused)).error).toBe('That recovery code is not right, or it was already used.');
  });

  it('stops guesses after five wrong codes, the right one included, until the delay has passed', async () => {
    const first = await staffCookie('fulfilment', { name: 'Guessed At', secondFactorAt: null });
    const { secret } = await enrolApp(first, T0);
    const attacker = await staffCookie('fulfilment', { name: 'Guessed At', secondFactorAt: null });
    const statuses = [];
    for (let guess = 0; guess < 6; guess++) statuses.push((await factorRequest('totp', attacker, { code: String(100000 + guess) })).status);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    const blocked = await factorRequest('totp', attacker, { code: totpCode(secret, seconds(30)) });
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    const failures = await auditStore().page({ kind: 'staff.second-factor-failed', limit: 20 });
    expect(failures.filter((line) => line.actor === 'Guessed At')).toHaveLength(5);
  });

  it('gives up on a password-only session after 10 minutes', async () => {
    const cookie = await staffCookie('catalogue', { name: 'Slow Typist', secondFactorAt: null, now: seconds(-601) });
    const response = await factorRequest('totp-setup', cookie);
    expect(response.status).toBe(401);
    expect((await refusalOf(response)).error).toBe('Sign in with your password first.');
  });

  it('refuses a passkey answer with no challenge asked, or one that is not a passkey\'s, without a 5xx', async () => {
    const cookie = await staffCookie('catalogue', { name: 'Passkey Person', secondFactorAt: null });
    const unasked = await factorRequest('passkey', cookie, { purpose: 'authenticate', response: { id: 'x', type: 'public-key' } });
    expect(unasked.status).toBe(409);
    const options = (await (await factorRequest('passkey-options', cookie, { purpose: 'register' })).json()) as { rp: { id: string }; challenge: string; authenticatorSelection: { userVerification: string } };
    expect(options.rp.id).toBe('shop.test');
    expect(options.authenticatorSelection.userVerification).toBe('required');
    const forged = await factorRequest('passkey', cookie, { purpose: 'register', response: { id: 'AAAA', rawId: 'AAAA', type: 'public-key', response: {} } });
    expect(forged.status).toBe(401);
    expect((await refusalOf(forged)).error).toBe('The passkey was not accepted. Try again, or use another way.');
    // The challenge was used up by that answer.
    expect((await factorRequest('passkey', cookie, { purpose: 'register', response: { id: 'AAAA', type: 'public-key' } })).status).toBe(409);
    expect((await factorRequest('bogus', cookie)).status).toBe(404);
  });

  it('answers any body to any of its routes with a refusal, never a 5xx', async () => {
    const cookie = await staffCookie('fulfilment', { name: 'Fuzzed Member', secondFactorAt: null });
    const actions = ['totp-setup', 'totp', 'recovery', 'passkey-options', 'passkey', 'recovery-codes', 'remove', 'nothing'];
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...actions), fc.anything(), async (action, body) => {
        expect((await factorRequest(action, cookie, body)).status).toBeLessThan(500);
      }),
      { numRuns: 80 },
    );
  });

  it('ends the member\'s other sessions when a factor is added, and records both on the trail', async () => {
    const other = await staffCookie('catalogue', { name: 'Careful Member' });
    const cookie = await staffCookie('catalogue', { name: 'Careful Member', secondFactorAt: null });
    await enrolApp(cookie, T0);
    expect((await send(watchesRoute.GET, other)).status).toBe(401);
    const kinds = (await auditStore().page({ limit: 10 })).filter((line) => line.actor === 'Careful Member').map((line) => line.kind);
    expect(kinds).toEqual(expect.arrayContaining(['factor.create', 'session.update']));
  });
});

describe('step-up: the second factor again, given more than 5 minutes ago', () => {
  const stale = (role: 'owner' | 'catalogue' | 'fulfilment' = 'owner') => staffCookie(role, { secondFactorAt: new Date(Date.now() - 6 * 60_000) });

  it('is asked before the orders leave the shop, and once given the export goes ahead', async () => {
    const { secret } = await enrolApp(await staffCookie('owner', { name: 'Step Up Owner', secondFactorAt: null }));
    const owner = await staffCookie('owner', { name: 'Step Up Owner', secondFactorAt: new Date(Date.now() - 6 * 60_000) });
    const refused = await send(ordersExport.GET, owner);
    expect(refused.status).toBe(403);
    expect(await refusalOf(refused)).toEqual({ error: 'Confirm it is you: use your second factor again.', code: 'STEP_UP_REQUIRED' });
    // The next step's code: the one of this step set the app up.
    expect((await factorRequest('totp', owner, { code: totpCode(secret, new Date(Date.now() + 30_000)) })).status).toBe(200);
    expect((await send(ordersExport.GET, owner)).status).toBe(200);
  });

  it('is asked before a price is cut by more than half, in SOL or EUR, and not for a smaller cut', async () => {
    const fresh = await staffCookie('catalogue');
    const created = await send(watchesRoute.POST, fresh, {
      method: 'POST',
      body: { brand: 'Step', model: 'Up', description: 'A watch whose price is cut.', image_urls: ['/images/watch-placeholder.svg'], price_eur: 1000, price_sol: 10, specs: {}, features: [], featured: false, stock: 1 },
    });
    const { watch } = (await created.json()) as { watch: { id: string } & Record<string, unknown> };
    const edit = (cookie: string, prices: { price_sol: number; price_eur: number }) =>
      send(watchRoute.PUT, cookie, { method: 'PUT', params: { id: watch.id }, body: { ...watch, ...prices, expected_stock: 1 } });
    const old = await stale('catalogue');
    expect((await edit(old, { price_sol: 6, price_eur: 600 })).status).toBe(200);
    expect((await refusalOf(await edit(old, { price_sol: 2.9, price_eur: 600 }))).code).toBe('STEP_UP_REQUIRED');
    expect((await refusalOf(await edit(old, { price_sol: 6, price_eur: 299 }))).code).toBe('STEP_UP_REQUIRED');
    expect((await edit(fresh, { price_sol: 2.9, price_eur: 290 })).status).toBe(200);
  });

  it('is asked before staff are invited or changed', async () => {
    const response = await send(staffRoute.POST, await stale(), { method: 'POST', body: { name: 'Late', email: 'late@orx.test', role: 'catalogue' } });
    expect(response.status).toBe(403);
    expect((await refusalOf(response)).code).toBe('STEP_UP_REQUIRED');
  });
});
