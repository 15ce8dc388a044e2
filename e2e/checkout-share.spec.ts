import { watchPath } from './support/catalog';
import { metaContent, pngSize } from './support/sharing';
import { CHECKOUT_SHOP_URL } from './support/servers';
import { expect, test } from './support/shopper';

/**
 * Issue 54: on the shop taking real payments, a watch page's Share menu copies the watch's buy link
 * too: its blink, the page carrying its Solana Action in `action`. Anything that does not speak
 * Actions opens it as the page itself, with the same card.
 */

/** A watch of the demo catalogue: nothing is bought, so the demo's own piece will do. */
const MODEL = 'Tangente 38';
const SHOP_ORIGIN = new URL(CHECKOUT_SHOP_URL).origin;

test('Share copies the buy link, a blink that opens as the watch page with its card; its page link has no query', async ({ page, context, request }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const path = await watchPath(request, MODEL);
  const watchId = path.split('/').at(-1)!;
  await page.goto(path, { waitUntil: 'commit' });
  await page.getByRole('button', { name: 'Share', exact: true }).click();
  const menu = page.getByRole('menu', { name: 'Share' });
  await expect(menu.getByRole('menuitem')).toHaveText(['Copy page link', 'Copy buy link']);
  await menu.getByRole('menuitem', { name: 'Copy buy link' }).click();
  await expect(menu).toBeHidden();
  await expect(page.getByRole('status').filter({ hasText: 'Link copied' })).toHaveText('Link copied');
  const blink = await page.evaluate(() => navigator.clipboard.readText());
  const action = `solana-action:${SHOP_ORIGIN}/api/actions/watches/${watchId}`;
  expect(blink).toBe(`${SHOP_ORIGIN}/watches/${watchId}?action=${encodeURIComponent(action)}`);

  // Opened where Actions mean nothing, it is the watch's page: the same canonical address and card.
  const bare = await (await request.get(path)).text();
  const linked = await (await request.get(blink)).text();
  for (const key of ['og:image', 'og:url', 'og:title', 'twitter:image']) expect(metaContent(linked, key), key).toBe(metaContent(bare, key));
  const card = metaContent(linked, 'og:image')!;
  expect(card).toMatch(new RegExp(`^${SHOP_ORIGIN}${path}/opengraph-image[^/]*/card\\?\\w+$`));
  const image = await request.get(card);
  expect(image.headers()['content-type']).toBe('image/png');
  expect(pngSize(await image.body())).toEqual({ width: 1200, height: 630 });

  await page.goto(blink, { waitUntil: 'commit' });
  await expect(page.getByRole('heading', { level: 1, name: MODEL })).toBeVisible();
  const head = page.locator('head');
  await expect(head.locator('link[rel="canonical"]')).toHaveAttribute('href', `${SHOP_ORIGIN}${path}`);
  await expect(head.locator('meta[property="og:image"]')).toHaveAttribute('content', card);

  // The page link of a page opened from the blink is the page's own address.
  await page.getByRole('button', { name: 'Share', exact: true }).click();
  await page.getByRole('menu', { name: 'Share' }).getByRole('menuitem', { name: 'Copy page link' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Link copied' })).toHaveText('Link copied');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${SHOP_ORIGIN}${path}`);
});
