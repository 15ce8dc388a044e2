import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type Page } from '@playwright/test';
import { renderToStaticMarkup } from 'react-dom/server';
import { FirstPaintHold } from '@/components/layout/first-paint-hold';
import { FIRST_PAGE } from './support/catalog';

/**
 * Records what the first rendered frame of the page holds. ResizeObserver callbacks run in a
 * frame's rendering steps after every requestAnimationFrame callback (React reveals streamed
 * content in one) and before the frame is painted.
 */
async function recordFirstFrame(page: Page) {
  await page.addInitScript(() => {
    const record = window as unknown as { firstFrame?: { loading: boolean; cards: number } };
    const observer = new ResizeObserver(() => {
      record.firstFrame ??= {
        loading: document.body.innerText.includes('Loading luxury timepieces...'),
        cards: document.querySelectorAll('main article').length,
      };
      observer.disconnect();
    });
    new MutationObserver((_, watcher) => {
      if (!document.documentElement) return;
      observer.observe(document.documentElement);
      watcher.disconnect();
    }).observe(document, { childList: true });
  });
}

test('a listing paints once, complete: its first frame shows the cards, not the loading state', async ({ page }) => {
  await recordFirstFrame(page);
  await page.goto('/watches');
  const firstFrame = await page.waitForFunction(() => (window as unknown as { firstFrame?: unknown }).firstFrame);
  expect(await firstFrame.jsonValue()).toEqual({ loading: false, cards: FIRST_PAGE });
});

test('the hold on the first paint ends while the HTML is still streaming: a slow page shows its loading state', async ({ page }) => {
  // A page whose server never finishes its HTML, as when the catalogue is slow to answer.
  const server = http.createServer((_, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.write(`<!DOCTYPE html><html><head>${renderToStaticMarkup(<FirstPaintHold />)}</head><body><p>Loading…</p>`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const { port } = server.address() as AddressInfo;
    await page.goto(`http://127.0.0.1:${port}/`, { waitUntil: 'commit' });
    await expect
      .poll(() => page.evaluate(() => performance.getEntriesByName('first-contentful-paint').length))
      .toBe(1);
  } finally {
    server.closeAllConnections();
    server.close();
  }
});
