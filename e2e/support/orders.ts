import { randomBytes } from 'node:crypto';
import { expect, type Page } from '@playwright/test';

/** Orders for the admin specs, placed as the shop's simulated purchase places them. */

export const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
export const base58 = (length: number) => Array.from(randomBytes(length), (byte) => BASE58[byte % BASE58.length]).join('');

type Watch = { id: string; brand: string; model: string; price_sol: number; available: boolean };

/** A simulated purchase through the shop's order endpoint, by the signed-in page's session. */
export async function placeOrder(page: Page, name: string) {
  const { watches } = (await (await page.request.get('/api/admin/watches')).json()) as { watches: Watch[] };
  const watch = watches.find((candidate) => candidate.available)!;
  // The shop refuses a change without its own Origin (a browser sends it; this request context does not).
  const response = await page.request.post('/api/orders', {
    headers: { origin: new URL(page.url()).origin },
    data: {
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
  expect(response.status()).toBe(201);
}
