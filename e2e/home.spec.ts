import { expect, test } from '@playwright/test';
import { BRANDS } from '@/lib/catalog/brands';

test('the home page is server-rendered from the embedded database', async ({ page, request }) => {
  // The HTML itself carries the catalogue (no client-side fetch needed), as crawlers see it.
  const html = await (await request.get('/')).text();
  expect(html).toMatch(new RegExp(`\\d+<!-- --> timepieces from <!-- -->${BRANDS.length}<!-- --> maisons`));

  await page.goto('/');
  await expect(page.getByTestId('catalogue-size')).toHaveText(new RegExp(`^\\d+ timepieces from ${BRANDS.length} maisons$`));
  const featured = page.getByRole('region', { name: 'Featured' }).getByRole('listitem');
  await expect(featured.first()).toBeVisible();
  expect(await featured.count()).toBeGreaterThan(0);
});
