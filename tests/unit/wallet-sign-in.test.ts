import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createSignInMessageText } from '@solana/wallet-standard-util';
import bs58 from 'bs58';
import fc from 'fast-check';
import { NextRequest } from 'next/server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { GET as myOrders } from '@/app/api/my-orders/route';
import { POST as challengePost } from '@/app/api/wallet-session/nonce/route';
import { POST as placeOrder } from '@/app/api/orders/route';
import { DELETE as signOut, GET as sessionGet, POST as signInPost } from '@/app/api/wallet-session/route';
import { getAdminCredentials } from '@/lib/auth/credentials';
import { createSessionCookie, newSessionToken } from '@/lib/auth/session';
import { SOCKET_ADDRESS_HEADER, FRONT_DOOR_FLAG } from '@/lib/http/client-address';
import { closeEmbeddedDatabase, IN_MEMORY, openEmbeddedDatabase } from '@/lib/db/embedded';
import type { SignInChallenge } from '@/lib/sign-in/message';
import { createEmbeddedSignInNonceStore } from '@/lib/sign-in/embedded-store';
import { walletSessionIdOf, WALLET_SESSION_COOKIE } from '@/lib/sign-in/session';
import type { SignInNonceStore } from '@/lib/sign-in/store';
import { issueChallenge, verifySignInProof } from '@/lib/sign-in/verify';
import { getStores } from '@/lib/shop/stores';
import { orderFixture } from '../support/purchase-fixtures';

/**
 * Sign-In With Solana as an attacker would try it: real ed25519 keys, real SIWS messages, the
 * nonces in a real (PGlite) database, and the routes with the session cookie they set.
 */

type Key = { address: string; sign: (message: Uint8Array) => Uint8Array };

function walletKey(): Key {
  const { publicKey, privateKey } = crypto.generateKeyPairSync('ed25519');
  const raw = publicKey.export({ format: 'der', type: 'spki' }).subarray(-32);
  return { address: bs58.encode(raw), sign: (message) => new Uint8Array(crypto.sign(null, message, privateKey)) };
}

const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64');

/** What a wallet answers when asked to sign the challenge in (signIn, or signMessage of the same text). */
function signChallenge(challenge: SignInChallenge, key: Key, { as = key.address, signer = key, edit = (text: string) => text } = {}) {
  const text = createSignInMessageText({ ...challenge, address: as });
  const signedMessage = new TextEncoder().encode(edit(text));
  return { address: as, signedMessage: b64(signedMessage), signature: b64(signer.sign(new TextEncoder().encode(text))) };
}

describe('verifySignInProof', () => {
  const site = new URL('https://orx.example');
  let nonces: SignInNonceStore;
  const now = new Date('2026-11-24T12:00:00.000Z');

  beforeAll(async () => {
    const db = await openEmbeddedDatabase(IN_MEMORY);
    nonces = createEmbeddedSignInNonceStore(async () => db);
  });

  const challenge = (at = now, on = site) => issueChallenge({ nonces, site: on, now: at });
  const verify = (body: unknown, at = now) => verifySignInProof(body, { nonces, site, now: at });

  it('signs in the wallet that signed a fresh challenge of this site', async () => {
    const key = walletKey();
    const issued = await challenge();
    expect(issued).toMatchObject({ domain: 'orx.example', uri: 'https://orx.example' });
    expect(Date.parse(issued.expirationTime) - Date.parse(issued.issuedAt)).toBe(5 * 60 * 1000);
    expect(await verify(signChallenge(issued, key))).toEqual({ ok: true, wallet: key.address });
  });

  it('refuses a message for another domain, even with a nonce of this server', async () => {
    const key = walletKey();
    const issued = await challenge();
    const result = await verify(signChallenge({ ...issued, domain: 'orx.example.evil.test', uri: 'https://orx.example.evil.test' }, key));
    expect(result).toMatchObject({ ok: false, reason: 'refused' });
    // The nonce was not used up by the refused attempt: the real sign-in still works.
    expect(await verify(signChallenge(issued, key))).toEqual({ ok: true, wallet: key.address });
  });

  it('refuses a message that names one address and is signed by another key', async () => {
    const victim = walletKey();
    const attacker = walletKey();
    const issued = await challenge();
    expect(await verify(signChallenge(issued, attacker, { as: victim.address }))).toMatchObject({ ok: false, reason: 'refused' });
    // Claiming the attacker's address for a message naming the victim fails too.
    const naming = signChallenge(issued, attacker, { as: victim.address });
    expect(await verify({ ...naming, address: attacker.address })).toMatchObject({ ok: false, reason: 'refused' });
  });

  it('accepts a nonce once: a replayed signed message is refused', async () => {
    const key = walletKey();
    const proof = signChallenge(await challenge(), key);
    expect(await verify(proof)).toEqual({ ok: true, wallet: key.address });
    expect(await verify(proof)).toMatchObject({ ok: false, reason: 'refused', message: expect.stringMatching(/already used or has expired/) });
    // Two servers receiving it at once: only one may win.
    const raced = signChallenge(await challenge(), key);
    const results = await Promise.all([verify(raced), verify(raced), verify(raced)]);
    expect(results.filter((result) => result.ok)).toHaveLength(1);
  });

  it('refuses an expired challenge, and a nonce the server never issued', async () => {
    const key = walletKey();
    const issued = await challenge();
    expect(await verify(signChallenge(issued, key), new Date(now.getTime() + 5 * 60 * 1000 + 1))).toMatchObject({ ok: false, reason: 'refused' });
    // Past its message's expiry, rewritten to look fresh: the signature no longer matches, and the stored nonce has expired anyway.
    const made: SignInChallenge = { ...issued, nonce: 'NeverIssued1234' };
    expect(await verify(signChallenge(made, key))).toMatchObject({ ok: false, reason: 'refused' });
    const stale = await challenge(new Date(now.getTime() - 6 * 60 * 1000));
    expect(await verify(signChallenge(stale, key))).toMatchObject({ ok: false, reason: 'refused' });
  });

  it('refuses a tampered message (signature over the original)', async () => {
    const key = walletKey();
    const issued = await challenge();
    for (const edit of [
      (text: string) => text.replace('Sign in to ORX', 'Sign in to ORY'),
      (text: string) => text.replace(/Expiration Time: .*/, 'Expiration Time: 2099-01-01T00:00:00.000Z'),
      (text: string) => `${text}\nResources:\n- https://evil.test`,
    ]) {
      expect(await verify(signChallenge(issued, key, { edit }))).toMatchObject({ ok: false });
    }
    expect(await verify(signChallenge(issued, key))).toEqual({ ok: true, wallet: key.address });
  });

  it('answers any malformed body with a refusal, never an exception', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.anything(),
          fc.record({ address: fc.string(), signedMessage: fc.string(), signature: fc.string() }),
          fc.record({ address: fc.constant(walletKey().address), signedMessage: fc.base64String({ maxLength: 4000 }), signature: fc.base64String() }),
        ),
        async (body) => {
          const result = await verify(body);
          expect(result.ok).toBe(false);
          if (!result.ok) expect(['malformed', 'refused']).toContain(result.reason);
        },
      ),
      { numRuns: 150 },
    );
  });
});

describe('the sign-in routes and My Orders', () => {
  const holder = globalThis as typeof globalThis & { __orxStores?: unknown; __orxAdminCredentials?: unknown };
  const origin = 'http://orx.test';
  let dataDir: string;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'orx-sign-in-'));
    process.env.DATA_DIR = dataDir;
    process.env.SITE_URL = origin;
    delete holder.__orxStores;
    delete holder.__orxAdminCredentials;
  });

  afterAll(async () => {
    await closeEmbeddedDatabase(dataDir);
    delete holder.__orxStores;
    delete holder.__orxAdminCredentials;
    delete process.env.DATA_DIR;
    delete process.env.SITE_URL;
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const headers = (cookie?: string) => ({ origin, host: 'orx.test', 'content-type': 'application/json', ...(cookie ? { cookie } : {}) });
  const request = (url: string, method: string, cookie?: string, body?: unknown) =>
    new Request(new URL(url, origin), { method, headers: headers(cookie), body: body === undefined ? undefined : JSON.stringify(body) });
  // Route handlers read cookies from a NextRequest; a plain request's header is parsed the same way.
  const cookiesOf = (cookie?: string) => ({
    get: (name: string) => {
      const value = cookie?.split('; ').find((part) => part.startsWith(`${name}=`))?.slice(name.length + 1);
      return value === undefined ? undefined : { value };
    },
  });
  const ordersAs = async (cookie?: string) => myOrders({ cookies: cookiesOf(cookie) } as never);

  async function signIn(key: Key): Promise<string> {
    const challenge = (await (await challengePost(request('/api/wallet-session/nonce', 'POST'))).json()) as SignInChallenge;
    const response = await signInPost(request('/api/wallet-session', 'POST', undefined, signChallenge(challenge, key)));
    expect(response.status).toBe(200);
    const setCookie = response.headers.get('set-cookie')!;
    expect(setCookie.startsWith(`${WALLET_SESSION_COOKIE}=`)).toBe(true);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/Max-Age=86400/);
    return setCookie.split(';')[0]!;
  }

  it('shows each wallet its own orders only, never another wallet\'s', async () => {
    const [a, b] = [walletKey(), walletKey()];
    const watch = (await getStores().catalog.listAll())[0]!;
    const { order: ordersOfA } = await getStores().orders.place(orderFixture(watch, { wallet: a.address }), { walletSignedIn: true });
    const { order: ordersOfB } = await getStores().orders.place(orderFixture(watch, { wallet: b.address }), { walletSignedIn: true });

    const cookieA = await signIn(a);
    const answer = await (await ordersAs(cookieA)).json();
    expect(answer.wallet).toBe(a.address);
    expect(answer.orders.map((order: { id: string }) => order.id)).toEqual([ordersOfA.id]);
    expect(JSON.stringify(answer)).not.toContain(ordersOfB.id);
    expect(answer.orders[0]).not.toHaveProperty('address');

    const cookieB = await signIn(b);
    expect((await (await ordersAs(cookieB)).json()).orders.map((order: { id: string }) => order.id)).toEqual([ordersOfB.id]);
  });

  it('lists a simulated order only when the browser that placed it was signed in as its wallet: a typed wallet plants nothing', async () => {
    const [victim, attacker] = [walletKey(), walletKey()];
    const watch = (await getStores().catalog.listAll()).find((candidate) => candidate.available)!;
    const place = async (cookie: string | undefined) => {
      const body = JSON.stringify(orderFixture(watch, { wallet: victim.address }));
      const response = await placeOrder(new NextRequest(new URL('/api/orders', origin), { method: 'POST', headers: headers(cookie), body }));
      expect(response.status).toBe(201);
      return ((await response.json()) as { order: { id: string } }).order.id;
    };
    const planted = [await place(undefined), await place(await signIn(attacker))];
    const cookie = await signIn(victim);
    const own = await place(cookie);

    const listed = (await (await ordersAs(cookie)).json()).orders.map((order: { id: string }) => order.id);
    expect(listed).toEqual([own]);
    for (const id of planted) expect(listed).not.toContain(id);
  });

  it('tells the page which wallet it is signed in as, and nothing without a session', async () => {
    const key = walletKey();
    const sessionOf = async (cookie?: string) => (await sessionGet({ cookies: cookiesOf(cookie) } as never)).json();
    expect(await sessionOf()).toEqual({ wallet: null });
    expect(await sessionOf(`${WALLET_SESSION_COOKIE}=not-a-seal`)).toEqual({ wallet: null });
    expect(await sessionOf(await signIn(key))).toEqual({ wallet: key.address });
  });

  it('refuses without a session, with a forged or an operator\'s cookie', async () => {
    expect((await ordersAs()).status).toBe(401);
    expect((await ordersAs(`${WALLET_SESSION_COOKIE}=not-a-seal`)).status).toBe(401);
    const admin = await createSessionCookie(newSessionToken().token, (await getAdminCredentials()).sessionSecret);
    expect((await ordersAs(`${WALLET_SESSION_COOKIE}=${admin.value}`)).status).toBe(401);
    expect(await walletSessionIdOf(admin.value, (await getAdminCredentials()).sessionSecret)).toBeNull();
  });

  it('signs out on the server too: the cookie is cleared, and a copy of it opens nothing any more (issue 36)', async () => {
    const key = walletKey();
    const cookie = await signIn(key);
    const copy = await signIn(key);
    const response = await signOut(new NextRequest(new URL('/api/wallet-session', origin), { method: 'DELETE', headers: headers(cookie) }));
    expect(response.status).toBe(200);
    expect(response.headers.get('set-cookie')).toMatch(new RegExp(`^${WALLET_SESSION_COOKIE}=;.*Max-Age=0`, 'i'));
    expect((await ordersAs(cookie)).status).toBe(401);
    // Another sign-in of the same wallet (another browser) is another session, and stays.
    expect((await ordersAs(copy)).status).toBe(200);
  });

  describe('from one client address', () => {
    /** As ORX's server hands a request to Next: the socket's address stamped, whatever X-Forwarded-For the client wrote. */
    const from = (socket: string, forwarded: string) => ({ [SOCKET_ADDRESS_HEADER]: socket, 'x-forwarded-for': forwarded });
    const signInFrom = (address: Record<string, string>, body: unknown) =>
      signInPost(new Request(new URL('/api/wallet-session', origin), { method: 'POST', headers: { ...headers(), ...address }, body: JSON.stringify(body) }));
    const challengeFrom = async (address: Record<string, string>) =>
      (await (await challengePost(new Request(new URL('/api/wallet-session/nonce', origin), { method: 'POST', headers: { ...headers(), ...address } }))).json()) as SignInChallenge;

    beforeAll(() => {
      vi.stubEnv(FRONT_DOOR_FLAG, '1');
      vi.stubEnv('TRUSTED_PROXY_HOPS', '0');
    });
    afterAll(() => vi.unstubAllEnvs());

    it('signs in a buyer\'s two tabs and a reload', async () => {
      const buyer = walletKey();
      for (const tab of ['first tab', 'second tab', 'reload']) {
        expect((await signInFrom(from('198.51.100.30', '198.51.100.30'), signChallenge(await challengeFrom(from('198.51.100.30', tab)), buyer))).status).toBe(200);
      }
    });

    it('limits sign-ins per socket address, refused ones included, whatever X-Forwarded-For rotates through; the 429 writes nothing', async () => {
      // A script's twenty signatures, each from "another" forwarded address: refused, and counted.
      for (let each = 1; each <= 20; each++) {
        const forged = { address: walletKey().address, signedMessage: b64(new Uint8Array(64)), signature: b64(new Uint8Array(64)) };
        expect([400, 401]).toContain((await signInFrom(from('198.51.100.20', `203.0.113.${each}`), forged)).status);
      }
      const key = walletKey();
      const proof = signChallenge(await challengeFrom(from('198.51.100.20', '203.0.113.50')), key);
      const refused = await signInFrom(from('198.51.100.20', '203.0.113.51'), proof);
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      expect(await refused.json()).toEqual({ error: 'Too many wallet sign-ins from your connection. Please try again later.' });
      expect(refused.headers.get('set-cookie')).toBeNull();
      // Nothing was written: the challenge is still unused, and signs the wallet in from another address.
      const elsewhere = await signInFrom(from('198.51.100.21', '203.0.113.51'), proof);
      expect(elsewhere.status).toBe(200);
    });
  });

  it('sets the buyer\'s cookie as __Host-orx_wallet in production: Secure, HttpOnly, for the whole site, no Domain', async () => {
    vi.stubEnv('NODE_ENV', 'production');
    vi.resetModules();
    try {
      const { POST: signInProduction, GET: sessionProduction } = await import('@/app/api/wallet-session/route');
      const { POST: challengeProduction } = await import('@/app/api/wallet-session/nonce/route');
      const key = walletKey();
      const challenge = (await (await challengeProduction(request('/api/wallet-session/nonce', 'POST'))).json()) as SignInChallenge;
      const response = await signInProduction(request('/api/wallet-session', 'POST', undefined, signChallenge(challenge, key)));
      expect(response.status).toBe(200);
      const [pair, ...attributes] = response.headers.get('set-cookie')!.split('; ');
      expect(pair).toMatch(/^__Host-orx_wallet=[^;]+$/);
      expect(attributes.map((attribute) => attribute.toLowerCase())).toEqual(expect.arrayContaining(['path=/', 'secure', 'httponly', 'samesite=lax']));
      expect(attributes.some((attribute) => /^domain=/i.test(attribute))).toBe(false);
      // The production server reads the session back under that name, and not under the development one.
      expect(await (await sessionProduction({ cookies: cookiesOf(pair) } as never)).json()).toEqual({ wallet: key.address });
      expect(await (await sessionProduction({ cookies: cookiesOf(pair!.replace(/^__Host-/, '')) } as never)).json()).toEqual({ wallet: null });
    } finally {
      vi.unstubAllEnvs();
      vi.resetModules();
    }
  });

  it('refuses cross-site requests', async () => {
    const foreign = new Request(new URL('/api/wallet-session/nonce', origin), { method: 'POST', headers: { origin: 'https://evil.test', host: 'orx.test' } });
    expect((await challengePost(foreign)).status).toBe(403);
  });
});
