import { expect, test } from './support/failure-report';
import type { APIRequestContext } from '@playwright/test';
import type { Watch } from '@/lib/catalog/types';
import { signIn } from './support/admin';
import { ADMIN_SHOP_URL } from './support/servers';
import { fetchCard, metaContent } from './support/sharing';

/**
 * A watch's social card and /llms.txt follow an admin edit at the next request (issue 15): both
 * read the catalogue through the cache every admin write revalidates.
 */

const input = {
  brand: 'Maison Partagée',
  model: 'Carte Première',
  description: 'A watch that exists only for the length of this test.',
  image_urls: ['/images/watch-placeholder.svg'],
  price_eur: 14_000,
  price_sol: 100,
  specs: {},
  reference: 'MP-1',
  features: ['Hand-finished movement'],
  featured: false,
  available: true,
};

/** The admin API as the panel calls it: the session cookie and the shop's own Origin. */
async function admin(request: APIRequestContext, method: 'post' | 'put' | 'delete', path: string, data?: unknown) {
  const response = await request[method](path, { data, headers: { origin: ADMIN_SHOP_URL } });
  expect(response.status(), await response.text()).toBeLessThan(300);
  return response;
}

test('renaming a watch in the admin redraws its card, renames its alt text and relists it in llms.txt', async ({ page }) => {
  await signIn(page);
  const { watch } = (await (await admin(page.request, 'post', '/api/admin/watches', input)).json()) as { watch: Watch };
  const path = `/watches/${watch.id}`;
  try {
    const before = await fetchCard(page.request, path);
    // Asked again without a change: the same card, from the cache.
    expect((await fetchCard(page.request, path)).equals(before)).toBe(true);
    expect(await (await page.request.get('/llms.txt')).text()).toContain('[Maison Partagée Carte Première]');

    await admin(page.request, 'put', `/api/admin/watches/${watch.id}`, { ...input, model: 'Carte Renommée', expected_stock: watch.stock });
    const after = await fetchCard(page.request, path);
    expect(after.equals(before)).toBe(false);
    expect(metaContent(await (await page.request.get(path)).text(), 'og:image:alt')).toBe('Maison Partagée Carte Renommée');
    const llms = await (await page.request.get('/llms.txt')).text();
    expect(llms).toContain(`[Maison Partagée Carte Renommée](`);
    expect(llms).not.toContain('Carte Première');
  } finally {
    await admin(page.request, 'delete', `/api/admin/watches/${watch.id}`);
  }
});

test('a watch whose picture is a pasted URL still gets a card, with the placeholder picture', async ({ page }) => {
  await signIn(page);
  const pasted = { ...input, model: 'Carte Collée', image_urls: ['https://images.example/watch.svg'] };
  const { watch } = (await (await admin(page.request, 'post', '/api/admin/watches', pasted)).json()) as { watch: Watch };
  try {
    await fetchCard(page.request, `/watches/${watch.id}`);
    const html = await (await page.request.get(`/watches/${watch.id}`)).text();
    expect(html).toContain('/images/watch-placeholder.webp');
    expect(html).not.toMatch(/"image":\[[^\]]*images\.example/);
  } finally {
    await admin(page.request, 'delete', `/api/admin/watches/${watch.id}`);
  }
});
