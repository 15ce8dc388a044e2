import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { formatSol } from '@/lib/price/format';
import {
  expectedOf,
  firstOfLastFoundRun,
  timeUntilServedUnderCrowd,
  watchAtChange,
  type Round,
} from '../../scripts/support/catalogue-visibility';

/**
 * The two-instance load test's probe (scripts/support/catalogue-visibility.ts): which round of loads
 * counts as the first to be served the change, and what it reports against a stand-in instance that
 * answers every load late, as an instance under a crowd does.
 */

const BRAND = 'Maison Probe';
const ID = '00000000-0000-4000-8000-000000000001';
const before = watchAtChange(BRAND, 1);
const after = watchAtChange(BRAND, 2);
const expected = expectedOf(ID, after);

describe('firstOfLastFoundRun', () => {
  const rounds = (found: boolean[]): Round[] => found.map((hit, n) => ({ askedAt: n * 100, answeredAt: n * 100 + 50, found: hit }));

  it('is the first round that found the change when none missed it after', () => {
    const asked = rounds([false, false, true, true, true]);
    expect(firstOfLastFoundRun(asked)).toBe(asked[2]);
  });

  it('is put after a later round that still found the old state', () => {
    const asked = rounds([false, true, true, false, true, true]);
    expect(firstOfLastFoundRun(asked)).toBe(asked[4]);
  });

  it('is none when the last round missed the change, or nothing was asked', () => {
    expect(firstOfLastFoundRun(rounds([false, true, true, false]))).toBeUndefined();
    expect(firstOfLastFoundRun([])).toBeUndefined();
  });
});

describe('timeUntilServedUnderCrowd', () => {
  let server: Server | undefined;

  afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

  /** An instance that serves `watch`, each answer `waitMs` late. */
  async function instanceServing(watch: typeof before, waitMs: number): Promise<string> {
    server = createServer((request, response) => {
      const body = new URL(request.url ?? '/', 'http://instance').pathname.startsWith('/api/watches')
        ? JSON.stringify({ watches: [{ id: ID, model: watch.model, price_sol: watch.price_sol, available: true }] })
        : `<main><h1>${watch.model}</h1><p>${formatSol(watch.price_sol)}</p><p>In Stock</p></main>`;
      setTimeout(() => response.end(body), waitMs);
    });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }

  it('counts from when the first round was asked, and gives its answer as much later as the instance kept it', async () => {
    const base = await instanceServing(after, 300);
    const since = performance.now();
    const { askedAfterMs, answeredAfterMs } = await timeUntilServedUnderCrowd(base, expected, since, 500, 50);
    // The first round was asked at once: every round found the change.
    expect(askedAfterMs).toBeGreaterThanOrEqual(0);
    expect(askedAfterMs).toBeLessThan(50);
    expect(answeredAfterMs! - askedAfterMs!).toBeGreaterThanOrEqual(300);
  });

  it('gives nulls when the instance never served the change', async () => {
    const base = await instanceServing(before, 0);
    expect(await timeUntilServedUnderCrowd(base, expected, performance.now(), 300, 50)).toEqual({ askedAfterMs: null, answeredAfterMs: null });
  });
});
