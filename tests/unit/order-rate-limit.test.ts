import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Keypair } from '@solana/web3.js';
import { NextRequest } from 'next/server';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { POST as postOrder } from '@/app/api/orders/route';
import { POST as postIntent } from '@/app/api/payments/route';
import { closeEmbeddedDatabase, IN_MEMORY, openEmbeddedDatabase } from '@/lib/db/embedded';
import { limitOrderRequest, ORDER_LIMIT } from '@/lib/orders/rate-limit';
import { createEmbeddedThrottleStore } from '@/lib/throttle/embedded-store';
import { walletSessionCookie } from '../support/wallet-session';

/**
 * The order-creating routes' limit per client, through the route handlers on a real embedded
 * database. The requests carry an empty order, so each is counted and refused cheaply (400).
 */

const holder = globalThis as typeof globalThis & { __orxStores?: unknown; __orxPayments?: unknown };
let dataDir: string;
const BUYER = Keypair.generate().publicKey.toBase58();

beforeAll(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'orx-order-limit-'));
  vi.stubEnv('DATA_DIR', dataDir);
  delete holder.__orxStores;
});

afterEach(() => {
  vi.stubEnv('TRUSTED_PROXY_HOPS', '');
  vi.stubEnv('MERCHANT_WALLET', '');
  delete holder.__orxPayments;
});

afterAll(async () => {
  await closeEmbeddedDatabase(dataDir);
  delete holder.__orxStores;
  vi.unstubAllEnvs();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

type Route = (request: NextRequest) => Promise<Response>;

/** An empty order from a browser signed in with a wallet (a payment intent needs one before it is counted). */
const post = async (route: Route, forwardedFor: string) =>
  route(
    new NextRequest('http://127.0.0.1/api/orders', {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-forwarded-for': forwardedFor,
        'x-real-ip': forwardedFor,
        cookie: await walletSessionCookie(BUYER),
      },
      body: '{}',
    }),
  );

async function statuses(route: Route, count: number, forwardedFor: (n: number) => string) {
  const answers: number[] = [];
  for (let n = 0; n < count; n++) answers.push((await post(route, forwardedFor(n))).status);
  return answers;
}

describe.each([
  ['POST /api/orders (simulated purchase)', postOrder, ''],
  ['POST /api/payments (payment intent)', postIntent, Keypair.generate().publicKey.toBase58()],
])('%s', (_, route, merchant) => {
  it('refuses a trusted client over the limit with 429, Retry-After and a clear message, whatever it writes to the left', async () => {
    vi.stubEnv('TRUSTED_PROXY_HOPS', '1');
    vi.stubEnv('MERCHANT_WALLET', merchant);
    const client = merchant ? '198.51.100.21' : '198.51.100.11';
    const answers = await statuses(route, ORDER_LIMIT.perClient + 2, (n) => `203.0.113.${n}, ${client}`);
    expect(answers.slice(0, ORDER_LIMIT.perClient).every((status) => status === 400)).toBe(true);
    const limited = await post(route, client);
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe(String(ORDER_LIMIT.policy.baseDelaySeconds));
    expect(await limited.json()).toEqual({
      error: 'Too many orders from your connection in a short time. Nothing was paid or stored. Please try again in 1 minute.',
    });
    // Another client is not held back.
    expect((await post(route, merchant ? '198.51.100.22' : '198.51.100.12')).status).toBe(400);
  });
});

describe('without a trusted proxy', () => {
  it('counts the address next start saw, so one client cannot stop every other from ordering', async () => {
    const answers = await statuses(postOrder, ORDER_LIMIT.perClient + 1, () => '192.0.2.40');
    expect(answers.slice(0, ORDER_LIMIT.perClient).every((status) => status === 400)).toBe(true);
    expect(answers[ORDER_LIMIT.perClient]).toBe(429);
    expect((await post(postOrder, '192.0.2.41')).status).toBe(400);
  });
});

describe('the delay', () => {
  it('lets the client order again once Retry-After has passed', async () => {
    const db = await openEmbeddedDatabase(IN_MEMORY);
    const store = createEmbeddedThrottleStore(async () => db);
    const headers = new Headers({ 'x-forwarded-for': '198.51.100.30' });
    vi.stubEnv('TRUSTED_PROXY_HOPS', '1');
    const start = new Date('2026-11-23T10:00:00Z');
    for (let n = 0; n < ORDER_LIMIT.perClient; n++) expect(await limitOrderRequest(headers, store, start)).toBeNull();
    const limited = await limitOrderRequest(headers, store, start);
    const wait = Number(limited?.headers.get('retry-after'));
    expect(limited?.status).toBe(429);
    expect(await limitOrderRequest(headers, store, new Date(start.getTime() + wait * 1000))).toBeNull();
  });
});
