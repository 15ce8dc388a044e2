import { test as base } from './failure-report';
import type { Watch } from '@/lib/catalog/types';
import { pieceOfItsOwn } from './own-watch';

/**
 * The checkout specs' test: each test is a shopper of its own, on a connection of its own, who
 * buys a watch of its own. The checkout shop bounds what one client address may do (wallet
 * sign-ins, nonces, holds per address and per /24, orders) over ten minutes, as it must in
 * production; every browser of the run connects from 127.0.0.1, so with one address for all the
 * tests, a run repeated a few times (`--repeat-each`) is refused as the flood those bounds stop.
 * The shop runs as behind one trusted proxy (TRUSTED_PROXY_HOPS=1, playwright.config.ts), which
 * is what the header below plays, and every test's contexts (its pages, `page.request`, the
 * browsers it opens) carry their test's address (docs/testing.md, "Repeating the checkout specs").
 */

export type Shopper = {
  /** Where the shop sees this test's requests come from: the proxy's entry of X-Forwarded-For. */
  address: string;
  /** Ends the model of the watch this test buys, so that no other test, repeat or worker buys it. */
  tag: string;
};

/** The tests this worker process has started: with the worker's index, a number unique in the run. */
let testsStarted = 0;

export const test = base.extend<{ shopper: Shopper; watchOfItsOwn: (model: string, shop?: string) => Promise<Watch> }>({
  shopper: async ({}, provide, testInfo) => {
    const worker = testInfo.workerIndex;
    const number = testsStarted++;
    // A /24 of its own per test of the run (10.worker.number.0/24): its holds count apart from
    // every other test's under HOLDS_PER_NETWORK too. Past 256 tests in one worker a network comes
    // back, long after the bounds' ten minutes.
    await provide({
      address: `10.${worker % 256}.${number % 256}.1`,
      tag: `t${String(worker).padStart(2, '0')}-${String(number).padStart(3, '0')}`,
    });
  },
  extraHTTPHeaders: async ({ extraHTTPHeaders, shopper }, provide) => {
    await provide({ ...extraHTTPHeaders, 'x-forwarded-for': shopper.address });
  },
  watchOfItsOwn: async ({ browser, shopper }, provide) => {
    await provide((model, shop) => pieceOfItsOwn(browser, model, shopper.tag, shop));
  },
});

export { expect } from './failure-report';
