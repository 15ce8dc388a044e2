import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type Page } from '@playwright/test';
import { scriptsAfterPaint } from '@/lib/document-cache/scripts-after-paint';
import { cards, openListing } from './support/catalog';

/**
 * The storefront's kept pages request Next.js's chunks once their largest picture is painted
 * (lib/document-cache/scripts-after-paint.ts); where that cannot be known they request them at
 * once, and never later than the loader's cap.
 */

type Paint = { startTime: number; url: string };

/** The page's largest-contentful-paint entries so far. */
function largestPaints(page: Page): Promise<Paint[]> {
  return page.evaluate(
    () =>
      new Promise<Paint[]>((resolve) => {
        const observer = new PerformanceObserver((list) => {
          observer.disconnect();
          resolve(list.getEntries().map((entry) => ({ startTime: entry.startTime, url: (entry as LargestContentfulPaint).url })));
        });
        observer.observe({ type: 'largest-contentful-paint', buffered: true });
        setTimeout(() => resolve([]), 500);
      }),
  );
}

/** When the page began to fetch each resource whose address contains `part`, as its scripts saw it. */
function requestsOf(page: Page, part: string): Promise<{ startTime: number; initiatorType: string }[]> {
  return page.evaluate(
    (wanted) =>
      performance
        .getEntriesByType('resource')
        .filter((entry) => entry.name.includes(wanted))
        .map((entry) => ({ startTime: entry.startTime, initiatorType: (entry as PerformanceResourceTiming).initiatorType })),
    part,
  );
}

test('a listing requests its scripts only once its first picture is painted, and then works', async ({ page }) => {
  await openListing(page, '/watches');
  // Hydrated: the search filters the cards.
  await page.getByPlaceholder('Search watches...').fill('DAYTONA');
  await expect(cards(page)).toHaveCount(1);

  const picture = (await largestPaints(page)).find((paint) => paint.url !== '');
  expect(picture?.url).toMatch(/\/images\/watches\//);
  const scripts = (await requestsOf(page, '/_next/static/chunks/')).filter((request) => request.initiatorType === 'script');
  expect(scripts.length).toBeGreaterThan(5);
  for (const script of scripts) expect(script.startTime).toBeGreaterThanOrEqual(picture!.startTime);
});

test.describe("the loader's other cases, on a page of its own", () => {
  let server: http.Server;
  let base: string;
  const pages = new Map<string, string>();

  /** A page as the document cache keeps it: `head` and `body`, one chunk that records when it ran. */
  function servePage(name: string, head: string, body: string): string {
    const chunk = '<script src="/_next/static/chunks/probe.js" async="" nonce="n"></script>';
    pages.set(`/${name}`, scriptsAfterPaint(`<!DOCTYPE html><html><head>${chunk}${head}</head><body>${body}</body></html>`, 'n'));
    return `${base}/${name}`;
  }

  test.beforeAll(async () => {
    server = http.createServer((request, response) => {
      const page = pages.get(request.url!);
      if (page) return response.writeHead(200, { 'content-type': 'text/html' }).end(page);
      if (request.url === '/_next/static/chunks/probe.js') {
        return response.writeHead(200, { 'content-type': 'text/javascript' }).end('window.probeRanAt = performance.now();');
      }
      // Holds the first paint for a second (an async script that blocks rendering, not the parser).
      if (request.url === '/hold-paint.js') {
        setTimeout(() => response.writeHead(200, { 'content-type': 'text/javascript' }).end(''), 1000);
        return;
      }
      response.writeHead(404).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  test.afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  const probeRan = (page: Page) => page.waitForFunction(() => (window as { probeRanAt?: number }).probeRanAt);

  test('with a picture preloaded but only text painted, they wait a moment for the picture, then come', async ({ page }) => {
    await page.goto(servePage('text-only', '<link rel="preload" as="image" href="/missing.svg">', '<h1>Luxury timepieces</h1>'));
    await probeRan(page);
    const [text] = await largestPaints(page);
    const [probe] = await requestsOf(page, 'probe.js');
    expect(text!.url).toBe('');
    expect(probe!.startTime).toBeGreaterThanOrEqual(text!.startTime + 250);
  });

  test('with no picture to wait for, they come after the first paint', async ({ page }) => {
    await page.goto(servePage('no-picture', '', '<h1>Luxury timepieces</h1>'));
    await probeRan(page);
    const [text] = await largestPaints(page);
    const [probe] = await requestsOf(page, 'probe.js');
    expect(probe!.startTime).toBeGreaterThanOrEqual(text!.startTime);
  });

  const heldPage = (name: string) => servePage(name, '<script src="/hold-paint.js" async blocking="render"></script>', '<h1>Luxury timepieces</h1>');
  const firstPaint = (page: Page) => page.evaluate(() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Infinity);

  test('a browser that cannot report the largest paint gets them at once, before anything is painted', async ({ page }) => {
    await page.addInitScript(() => Object.defineProperty(PerformanceObserver, 'supportedEntryTypes', { get: () => ['paint'] }));
    await page.goto(heldPage('unsupported'));
    const ranAt = await (await probeRan(page)).jsonValue();
    await expect.poll(() => firstPaint(page)).toBeLessThan(Infinity);
    expect(ranAt).toBeLessThan(await firstPaint(page));
  });

  test('a page loaded in a background tab, which paints nothing, gets them at once', async ({ page }) => {
    await page.addInitScript(() => Object.defineProperty(Document.prototype, 'visibilityState', { get: () => 'hidden' }));
    await page.goto(heldPage('hidden'));
    const ranAt = await (await probeRan(page)).jsonValue();
    await expect.poll(() => firstPaint(page)).toBeLessThan(Infinity);
    expect(ranAt).toBeLessThan(await firstPaint(page));
  });

  test('a page that paints nothing contentful still gets them, at the cap', async ({ page }) => {
    await page.goto(servePage('empty', '', ''));
    await probeRan(page);
    const [probe] = await requestsOf(page, 'probe.js');
    expect(probe!.startTime).toBeGreaterThanOrEqual(1500);
  });
});
