import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { expect, test, type Page } from '@playwright/test';

/**
 * Orders for the admin specs, placed as the shop's simulated purchase places them, each test as a
 * buyer on a machine of its own. The shop counts orders per client address (30 per 10 minutes,
 * lib/orders/rate-limit.ts), from the socket it sees, which no header can change. Every browser and
 * request context of the run connects from 127.0.0.1, so a run repeated (`--repeat-each`) was
 * refused as the flood that limit stops. Linux routes all of 127.0.0.0/8 to the loopback device:
 * a connection made from 127.<worker>.<n>.<n> to the shop on 127.0.0.1 is a real client at
 * another address, and the limit stays as it is.
 */

export const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
export const base58 = (length: number) => Array.from(randomBytes(length), (byte) => BASE58[byte % BASE58.length]).join('');

type Watch = { id: string; brand: string; model: string; price_sol: number; available: boolean };

/** The tests this worker process has started that placed orders, with the test each was. */
let buyers = 0;
let buyerOf: { testId: string; repeat: number; address: string } | null = null;

/** This test's loopback address: one per test of the run, repeats included. */
function buyerAddress(): string {
  const { testId, repeatEachIndex: repeat, workerIndex } = test.info();
  if (buyerOf?.testId !== testId || buyerOf.repeat !== repeat) {
    const number = buyers++;
    buyerOf = { testId, repeat, address: `127.${1 + (workerIndex % 254)}.${Math.floor(number / 250) % 256}.${1 + (number % 250)}` };
  }
  return buyerOf.address;
}

/** A simulated purchase of an available watch through the shop's order endpoint. */
export async function placeOrder(page: Page, name: string) {
  const { watches } = (await (await page.request.get('/api/admin/watches')).json()) as { watches: Watch[] };
  const watch = watches.find((candidate) => candidate.available)!;
  const origin = new URL(page.url()).origin;
  const status = await postFrom(buyerAddress(), `${origin}/api/orders`, {
    // The shop refuses a change without its own Origin, which a browser sends.
    origin,
    body: {
      wallet: base58(44),
      txHash: base58(88),
      usdAmount: 0,
      solAmount: watch.price_sol,
      name,
      phone: '+44 20 7946 0000',
      email: `${name.toLowerCase().replaceAll(' ', '.')}@example.com`,
      address: '12 St James Square, London',
      watch: { id: watch.id, brand: watch.brand, model: watch.model },
    },
  });
  expect(status).toBe(201);
}

/** POSTs JSON from the local address `from` (Node's http: Playwright's request context cannot choose it). */
function postFrom(from: string, url: string, { origin, body }: { origin: string; body: unknown }): Promise<number> {
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      { method: 'POST', family: 4, localAddress: from, headers: { origin, 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}
