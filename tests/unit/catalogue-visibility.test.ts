import { createServer, type Server } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { formatSol } from '@/lib/price/format';
import {
  expectedOf,
  firstOfLastFoundRun,
  timeUntilServedUnderCrowd,
  watchAtChange,
  type Answer,
} from '../../scripts/support/catalogue-visibility';
import { listenOnLoopback } from '../support/loopback';

/**
 * The two-instance load test's probe (scripts/support/catalogue-visibility.ts): from which answer
 * on a change counts as served, and what it reports against a stand-in instance that sends its
 * headers and then holds the body, or holds both, as an instance under a crowd may.
 */

const BRAND = 'Maison Probe';
const ID = '00000000-0000-4000-8000-000000000001';
const before = watchAtChange(BRAND, 1);
const after = watchAtChange(BRAND, 2);
const expected = expectedOf(ID, after);

describe('firstOfLastFoundRun', () => {
  const arrived = (found: boolean[]): Answer[] => found.map((hit, n) => ({ headersAt: n * 100, found: hit }));

  it('is the first answer that showed the change when none missed it after', () => {
    const answers = arrived([false, false, true, true, true]);
    expect(firstOfLastFoundRun(answers)).toBe(answers[2]);
  });

  it('is put after a later answer that still showed the old state', () => {
    const answers = arrived([false, true, true, false, true, true]);
    expect(firstOfLastFoundRun(answers)).toBe(answers[4]);
  });

  it('is none when the last answer missed the change, or nothing was answered', () => {
    expect(firstOfLastFoundRun(arrived([false, true, true, false]))).toBeUndefined();
    expect(firstOfLastFoundRun([])).toBeUndefined();
  });
});

describe('timeUntilServedUnderCrowd', () => {
  let server: Server | undefined;

  afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

  /** An instance that serves `watch`, holding its headers `headersAfterMs` and its body `bodyAfterMs`. */
  async function instanceServing(watch: typeof before, headersAfterMs: number, bodyAfterMs: number): Promise<string> {
    server = createServer((request, response) => {
      const body = new URL(request.url ?? '/', 'http://instance').pathname.startsWith('/api/watches')
        ? JSON.stringify({ watches: [{ id: ID, model: watch.model, price_sol: watch.price_sol, available: true }] })
        : `<main><h1>${watch.model}</h1><p>${formatSol(watch.price_sol)}</p><p>In Stock</p></main>`;
      setTimeout(() => {
        response.writeHead(200).flushHeaders();
        setTimeout(() => response.end(body), bodyAfterMs);
      }, headersAfterMs);
    });
    return listenOnLoopback(server);
  }

  it('counts from when the first answer showing the change began to arrive, not from when its body ended', async () => {
    const base = await instanceServing(after, 300, 1_000);
    const since = performance.now();
    const servedAfterMs = await timeUntilServedUnderCrowd(base, expected, since, 500, 50);
    expect(servedAfterMs).toBeGreaterThanOrEqual(300);
    expect(servedAfterMs).toBeLessThan(1_000);
  });

  it('gives null when the instance never served the change', async () => {
    const base = await instanceServing(before, 0, 0);
    expect(await timeUntilServedUnderCrowd(base, expected, performance.now(), 300, 50)).toBeNull();
  });
});
