import { expect, test } from './support/failure-report';
import type { APIRequestContext, Page } from '@playwright/test';
import type { Watch } from '@/lib/catalog/types';
import { signIn } from './support/admin';
import { card } from './support/catalog';
import { ADMIN_SHOP_URL } from './support/servers';

/**
 * Every save, delete, featured or availability change made in the admin is on the storefront at
 * the next request: the catalogue cache is revalidated by each write (issue 5). The changes go
 * through the admin API with the signed-in session (the panel's own UI is tested in
 * admin.spec.ts); the storefront is read as a shopper reads it.
 */

const BRAND = 'Maison Revalidée';
/** The brand's listing: the whole one shows 24 watches at a time, in a shuffled order. */
const LISTING = `/watches?brand=${encodeURIComponent(BRAND)}`;

const input = {
  brand: BRAND,
  model: 'Chronomètre Éphémère',
  description: 'A watch that exists only for the length of this test.',
  image_urls: ['/images/watch-placeholder.svg'],
  price_eur: 14_000,
  price_sol: 100,
  specs: {},
  reference: 'MR-1',
  // Nothing that the special-edition rule matches: /featured would add it at random.
  features: ['Hand-finished movement'],
  featured: true,
  available: true,
};

/** The admin API as the panel calls it: the session cookie and the shop's own Origin. */
async function admin(request: APIRequestContext, method: 'post' | 'put' | 'delete', path: string, data?: unknown) {
  const response = await request[method](path, { data, headers: { origin: ADMIN_SHOP_URL } });
  expect(response.status(), await response.text()).toBeLessThan(300);
  return response;
}

/** The storefront's server HTML for a path, as a crawler or a first visit gets it. */
async function html(page: Page, path: string) {
  return (await page.request.get(path)).text();
}

/**
 * The server HTML of several loads in a row: whatever caches serve a listing (issue 12 weighs
 * caching several renderings of it), a write must reach every load, not only the next one.
 */
async function loads(page: Page, path: string) {
  const pages: string[] = [];
  for (let load = 0; load < 10; load++) pages.push(await html(page, path));
  return pages;
}

test('each admin change shows on /watches, /featured and the watch page at the next request', async ({ page }) => {
  await signIn(page);
  const { watch } = (await (await admin(page.request, 'post', '/api/admin/watches', input)).json()) as { watch: Watch };

  // Added, featured and available: on every listing and on its own page.
  await page.goto(LISTING);
  await expect(card(page, input.model)).toBeVisible();
  // Loads that may fill caches, which the edit below must then refresh.
  for (const listing of await loads(page, LISTING)) expect(listing).toContain(input.model);
  await page.goto('/featured');
  await expect(card(page, input.model)).toBeVisible();
  await page.goto(`/watches/${watch.id}`);
  await expect(page.getByRole('heading', { level: 1, name: input.model })).toBeVisible();

  // Edited: the new model name everywhere, the old one nowhere.
  await admin(page.request, 'put', `/api/admin/watches/${watch.id}`, { ...input, model: 'Chronomètre Renommé', expected_stock: watch.stock });
  for (const listing of await loads(page, LISTING)) {
    expect(listing).toContain('Chronomètre Renommé');
    expect(listing).not.toContain(input.model);
  }
  await page.goto(`/watches/${watch.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Chronomètre Renommé' })).toBeVisible();

  // No longer featured: gone from /featured, still on /watches.
  await admin(page.request, 'post', `/api/admin/watches/${watch.id}/featured`);
  await page.goto('/featured');
  await expect(page.getByRole('heading', { name: 'Featured Collection' })).toBeVisible();
  await expect(card(page, 'Chronomètre Renommé')).toHaveCount(0);

  // Featured again, then sold out: /featured shows available watches only; /watches marks it.
  await admin(page.request, 'post', `/api/admin/watches/${watch.id}/featured`);
  await admin(page.request, 'put', `/api/admin/watches/${watch.id}/availability`, { available: false });
  await page.goto('/featured');
  await expect(page.getByRole('heading', { name: 'Featured Collection' })).toBeVisible();
  await expect(card(page, 'Chronomètre Renommé')).toHaveCount(0);
  await page.goto(LISTING);
  const soldOut = card(page, 'Chronomètre Renommé');
  await expect(soldOut.getByText('Sold Out', { exact: true })).toBeVisible();
  await expect(soldOut.getByRole('button', { name: 'Buy with SOL' })).toBeDisabled();

  // Deleted: off the listings, and its page is gone.
  await admin(page.request, 'delete', `/api/admin/watches/${watch.id}`);
  for (const listing of await loads(page, LISTING)) expect(listing).not.toContain('Chronomètre Renommé');
  await page.goto(`/watches/${watch.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Watch Not Found' })).toBeVisible();
});

test('a watch with six images: the four thumbnails always include the image shown, highlighted', async ({ page }) => {
  await signIn(page);
  const images = Array.from({ length: 6 }, (_, i) => `/images/watches/rolex-cosmograph-daytona-126500ln-${(i % 3) + 1}.svg${i < 3 ? '' : `?view=${i + 1}`}`);
  const model = 'Six Vues';
  const { watch } = (await (await admin(page.request, 'post', '/api/admin/watches', { ...input, model, featured: false, image_urls: images })).json()) as {
    watch: Watch;
  };
  try {
    await page.goto(`/watches/${watch.id}`);
    const thumbnails = page.getByRole('list', { name: 'Thumbnails' }).getByRole('button');
    const current = page.getByRole('list', { name: 'Thumbnails' }).locator('button[aria-current="true"]');
    await expect(thumbnails).toHaveCount(4);
    for (let shown = 1; shown <= 6; shown++) {
      await expect(page.getByRole('img', { name: `${BRAND} ${model}, image ${shown} of 6` })).toBeVisible();
      await expect(current.getByRole('img')).toHaveAccessibleName(`${BRAND} ${model}, thumbnail ${shown}`);
      await expect(current).toHaveClass(/border-gold/);
      await page.getByRole('button', { name: 'Next image' }).click();
    }
    // Round again to the first: the first four are back.
    await expect(current.getByRole('img')).toHaveAccessibleName(`${BRAND} ${model}, thumbnail 1`);
    await expect(thumbnails.first().getByRole('img')).toHaveAccessibleName(`${BRAND} ${model}, thumbnail 1`);
  } finally {
    await admin(page.request, 'delete', `/api/admin/watches/${watch.id}`);
  }
});
