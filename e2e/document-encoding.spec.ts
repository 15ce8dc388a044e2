import { expect, test } from './support/failure-report';
import type { Response } from '@playwright/test';
import { expectNoViolations, watchCspViolations } from './support/csp';

/**
 * The storefront's kept pages go out gzipped from parts compressed once (issue 25,
 * lib/document-cache/gzip-document.ts). Chromium must decode each to exactly the document a
 * client that refuses compression gets, but for the nonce, and run every script under the policy.
 */

const nonceOf = (policy: string) => /'nonce-([^']+)'/.exec(policy)?.[1] ?? '';

test('Chromium decodes a gzipped kept page to the same document as an uncompressed answer, its own nonce in it', async ({ page }) => {
  const violations = await watchCspViolations(page);
  // Fixed pages (one rendering each), loaded once first so both answers below come from it. The
  // other specs' purchases on this shop make the home page's rendering stale now and then: it is
  // loaded again until it is the kept one.
  for (const path of ['/brands', '/']) {
    let loaded!: Response;
    await expect(async () => {
      await page.request.get(path);
      loaded = (await page.goto(path))!;
      expect(await loaded.headerValue('x-document-cache'), path).toBe('hit');
    }).toPass();
    const headers = await loaded.allHeaders();
    expect(headers['content-encoding'], path).toBe('gzip');
    const decoded = await loaded.text();

    const plain = await page.request.get(path, { headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers()['content-encoding'], path).toBeUndefined();
    const [browserNonce, plainNonce] = [nonceOf(headers['content-security-policy']!), nonceOf(plain.headers()['content-security-policy']!)];
    expect(browserNonce).not.toBe(plainNonce);
    expect(decoded).toContain(`nonce="${browserNonce}"`);
    expect(decoded.replaceAll(browserNonce, 'NONCE'), path).toBe((await plain.text()).replaceAll(plainNonce, 'NONCE'));
    await expect(page.locator('main')).toBeVisible();
  }
  expectNoViolations(violations);
});

test("a campaign link is answered from the kept page, the parameters left in the browser's address", async ({ page }) => {
  const violations = await watchCspViolations(page);
  const campaign = '/brands?utm_source=newsletter&utm_medium=email&gclid=EAIaIQobChMI&fbclid=IwAR2';
  let loaded!: Response;
  await expect(async () => {
    await page.request.get('/brands');
    // Observed, not pressed: the page's scripts have run, and with them Next's router.
    loaded = (await page.goto(campaign, { waitUntil: 'networkidle' }))!;
    expect(await loaded.headerValue('x-document-cache')).toBe('hit');
  }).toPass();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // What an analytics script reads once the page runs: the campaign's parameters, as the link had them.
  expect(new URL(page.url()).search).toBe(new URL(campaign, 'http://shop.test').search);
  expectNoViolations(violations);
});
