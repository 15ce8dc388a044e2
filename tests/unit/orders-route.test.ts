import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { NextRequest } from 'next/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POST } from '@/app/api/orders/route';
import type { Watch } from '@/lib/catalog/types';
import { closeEmbeddedDatabase } from '@/lib/db/embedded';
import { getStores } from '@/lib/shop/stores';
import { orderFixture } from '../support/purchase-fixtures';

/** POST /api/orders on a real embedded database in a temporary folder. */

let dataDir: string;
let available: Watch;
let soldOut: Watch;

const holder = globalThis as typeof globalThis & { __orxStores?: unknown };

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'orx-orders-'));
  process.env.DATA_DIR = dataDir;
  delete holder.__orxStores;
  const watches = await getStores().catalog.listAll();
  available = watches.find((watch) => watch.available)!;
  soldOut = watches.find((watch) => !watch.available)!;
});

afterAll(async () => {
  await closeEmbeddedDatabase(dataDir);
  delete holder.__orxStores;
  delete process.env.DATA_DIR;
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const orderFor = (watch: Watch, overrides: Record<string, unknown> = {}) => orderFixture(watch, overrides);

const post = (body: unknown, headers: Record<string, string> = { 'content-type': 'application/json' }) =>
  POST(new NextRequest('http://127.0.0.1/api/orders', { method: 'POST', headers, body: typeof body === 'string' ? body : JSON.stringify(body) }));

const storedWith = async (hash: string) => (await getStores().orders.list()).filter((order) => order.txHash === hash);

describe('POST /api/orders', () => {
  it('stores a good order once, and answers a retry with the same order', async () => {
    const order = orderFor(available);
    const first = await post(order);
    expect(first.status).toBe(201);
    const { order: created } = await first.json();
    expect(created.txHash).toBe(order.txHash);

    const retry = await post(order);
    expect(retry.status).toBe(200);
    expect((await retry.json()).order.id).toBe(created.id);

    const stored = await storedWith(order.txHash);
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ name: 'Ada Lovelace', solAmount: available.price_sol, status: 'simulated', watch: order.watch });
  });

  it.each([
    ['a missing name', (o: Record<string, unknown>) => ({ ...o, name: undefined }), 'name is required'],
    ['a blank address', (o: Record<string, unknown>) => ({ ...o, address: '   ' }), 'address is required'],
    ['an email without @', (o: Record<string, unknown>) => ({ ...o, email: 'ada.example.com' }), 'email must be a valid email address'],
    ['a wallet that is not base58', (o: Record<string, unknown>) => ({ ...o, wallet: '0x1234567890abcdef1234567890abcdef12' }), 'wallet must be a base58 Solana address'],
    ['a short transaction hash', (o: Record<string, unknown>) => ({ ...o, txHash: 'abc' }), 'txHash must be a base58 transaction signature'],
    ['a price given as text', (o: Record<string, unknown>) => ({ ...o, solAmount: '12' }), 'solAmount must be a number'],
    ['a negative amount', (o: Record<string, unknown>) => ({ ...o, usdAmount: -5 }), 'usdAmount cannot be negative'],
    ['an oversized name', (o: Record<string, unknown>) => ({ ...o, name: 'x'.repeat(201) }), 'name must be at most 200 characters'],
    ['no watch', (o: Record<string, unknown>) => ({ ...o, watch: undefined }), 'watch is required'],
    ['a watch id that is not an id', (o: Record<string, unknown>) => ({ ...o, watch: { id: 'rolex', brand: 'Rolex', model: 'X' } }), 'watch.id must be a watch id'],
    ['a SOL amount other than the price', (o: Record<string, unknown>) => ({ ...o, solAmount: 0.01 }), 'solAmount does not match the price of the watch'],
    ['another brand', (o: Record<string, unknown>) => ({ ...o, watch: { ...(o.watch as object), brand: 'Fake' } }), 'The watch brand and model do not match the catalogue'],
  ])('refuses %s with 400 and stores nothing', async (_, change, message) => {
    const order: Record<string, unknown> = change(orderFor(available));
    const response = await post(order);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: message });
    expect(await storedWith(String(order.txHash))).toEqual([]);
  });

  it('refuses an unknown watch with 404', async () => {
    const order = orderFor({ ...available, id: '00000000-0000-4000-8000-000000000000' });
    const response = await post(order);
    expect(response.status).toBe(404);
    expect(await storedWith(order.txHash)).toEqual([]);
  });

  it('refuses a sold-out watch with 409', async () => {
    const order = orderFor(soldOut);
    const response = await post(order);
    expect(response.status).toBe(409);
    expect(await response.json()).toEqual({ error: 'This watch is sold out' });
    expect(await storedWith(order.txHash)).toEqual([]);
  });

  it('refuses a body that is not JSON, not declared as JSON, or too large', async () => {
    expect((await post('{"wallet":')).status).toBe(400);
    expect((await post(orderFor(available), { 'content-type': 'text/plain' })).status).toBe(415);
    const huge = await post(orderFor(available, { address: 'x'.repeat(20_000) }));
    expect(huge.status).toBe(413);
    expect((await huge.json()).error).toBe('Request body must be at most 8 KB');
  });

  it('stores a made-up signature as a simulated order at the server\'s USD value, never as paid', async () => {
    const forged = orderFor(available, { usdAmount: 999_999_999 });
    expect((await post(forged)).status).toBe(201);
    const [stored] = await storedWith(forged.txHash);
    expect(stored).toMatchObject({ status: 'simulated', usdAmount: Math.round(available.price_sol * 180.25 * 100) / 100 });
  });

  it('stores nothing when real payments are on: orders start with a payment intent', async () => {
    process.env.MERCHANT_WALLET = '9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin';
    try {
      const forged = orderFor(available);
      const response = await post(forged);
      expect(response.status).toBe(409);
      expect((await response.json()).error).toMatch(/POST \/api\/payments/);
      expect(await storedWith(forged.txHash)).toEqual([]);
    } finally {
      delete process.env.MERCHANT_WALLET;
    }
  });
});
