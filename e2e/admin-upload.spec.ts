import { randomUUID } from 'node:crypto';
import { expect, test } from './support/failure-report';
import type { Locator, Page } from '@playwright/test';
import sharp from 'sharp';
import { MAX_PHOTO_BYTES, PHOTO_MESSAGES } from '@/lib/uploads/photo-rules';
import { SVG } from '../tests/support/photos';
import { signIn, signInToUpload } from './support/admin';
import { expectNoSeriousA11yViolations } from './support/axe';
import { card, openListing } from './support/catalog';
import { ADMIN_SHOP_URL } from './support/servers';

/**
 * Issue 14, photos: the operator uploads photos at /admin/upload, orders them and saves the watch;
 * the storefront shows them at the next request. The photos are made here, with sharp, so no
 * binary file lives in the repository; each is one plain colour, which the stored file still has.
 */

const UPLOADED = /^\/uploads\/([0-9a-f]{64})\.webp$/;

type Colour = 'red' | 'blue';
const RGB: Record<Colour, { r: number; g: number; b: number }> = { red: { r: 200, g: 30, b: 30 }, blue: { r: 30, g: 40, b: 200 } };

async function photo(colour: Colour, format: 'jpeg' | 'png') {
  return sharp({ create: { width: 1600, height: 1200, channels: 3, background: RGB[colour] } }).toFormat(format).toBuffer();
}

/** The colour of the photo the shop serves at `url`. */
async function colourAt(page: Page, url: string): Promise<Colour> {
  const response = await page.request.get(url);
  expect(response.headers()['content-type']).toBe('image/webp');
  const { channels } = await sharp(await response.body()).stats();
  return channels[0]!.mean > channels[2]!.mean ? 'red' : 'blue';
}

async function chooseFiles(dialog: Locator, files: { name: string; mimeType: string; buffer: Buffer }[]) {
  const chooser = dialog.page().waitForEvent('filechooser');
  await dialog.getByRole('button', { name: 'Upload photos' }).click();
  await (await chooser).setFiles(files);
}

const imageUrl = (dialog: Locator, n: number) => dialog.getByLabel(`Image URL ${n}`, { exact: true });

test('uploaded photos, reordered, are the watch’s images on the storefront at the next request', async ({ page }) => {
  // A model of this test's own: the admin shop keeps every watch the run adds, repeats included.
  const model = `Photographe Automatique ${randomUUID().slice(0, 8)}`;
  const dialog = await signInToUpload(page);
  await expect(dialog.getByRole('button', { name: 'Upload photos' })).toBeFocused();

  await chooseFiles(dialog, [
    { name: 'red.jpg', mimeType: 'image/jpeg', buffer: await photo('red', 'jpeg') },
    { name: 'blue.png', mimeType: 'image/png', buffer: await photo('blue', 'png') },
  ]);
  await expect(imageUrl(dialog, 1)).toHaveValue(UPLOADED);
  await expect(imageUrl(dialog, 2)).toHaveValue(UPLOADED);
  await expect(dialog.getByRole('list', { name: 'Uploads' })).toHaveCount(0);

  // The two finish in either order; moving the second up swaps them, whichever came first.
  const before = [await imageUrl(dialog, 1).inputValue(), await imageUrl(dialog, 2).inputValue()];
  const colours = [await colourAt(page, before[0]!), await colourAt(page, before[1]!)];
  expect(colours.sort()).toEqual(['blue', 'red']);
  await dialog.getByRole('button', { name: 'Move image 2 up' }).click();
  await expect(imageUrl(dialog, 1)).toHaveValue(before[1]!);
  await expect(imageUrl(dialog, 2)).toHaveValue(before[0]!);
  // The moved image's controls keep the focus (its Move up is now disabled at the top).
  await expect(dialog.getByRole('button', { name: 'Move image 1 down' })).toBeFocused();
  await expect(page.getByRole('status').filter({ hasText: 'Image 2 moved to position 1' })).toBeAttached();
  await expectNoSeriousA11yViolations(page);

  // A pasted URL sits in the same list; removing it leaves the focus on the row before.
  await dialog.getByRole('button', { name: 'Add image url' }).click();
  await imageUrl(dialog, 3).fill('https://images.example.com/pasted.jpg');
  await dialog.getByRole('button', { name: 'Remove image url 3' }).click();
  await expect(imageUrl(dialog, 3)).toHaveCount(0);
  await expect(dialog.getByRole('button', { name: 'Remove image url 2' })).toBeFocused();

  await dialog.getByLabel('Brand', { exact: true }).fill('Maison Photographiée');
  await dialog.getByLabel('Model', { exact: true }).fill(model);
  await dialog.getByLabel('Description', { exact: true }).fill('A watch whose photos were uploaded by the operator.');
  await dialog.getByLabel('Price (SOL)', { exact: true }).fill('42');
  await dialog.getByRole('button', { name: 'Add Watch' }).click();
  await expect(page.getByRole('status').filter({ hasText: `Successfully added "${model}"` })).toBeVisible();

  const hashOf = (url: string) => UPLOADED.exec(url)![1]!;
  const [first, second] = [hashOf(before[1]!), hashOf(before[0]!)];
  const stored = await page.request.get(before[1]!);
  expect(stored.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  expect(stored.headers()['x-content-type-options']).toBe('nosniff');

  await openListing(page, `/watches?q=${encodeURIComponent(model)}`);
  const watchCard = card(page, model);
  const cardImage = watchCard.getByRole('img', { name: `Maison Photographiée ${model}` }).first();
  await expect(cardImage).toHaveAttribute('src', new RegExp(`/uploads/${first}(-\\d+)?\\.webp$`));
  // Cards below the fold load their pictures lazily.
  await cardImage.scrollIntoViewIfNeeded();
  await expect.poll(() => cardImage.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);

  await watchCard.getByRole('link', { name: model }).click();
  const detail = page.getByRole('dialog', { name: model });
  await expect(detail.getByRole('img', { name: `${model}, image 1 of 2`, exact: false })).toHaveAttribute('src', new RegExp(first));
  await expect(detail.getByRole('img', { name: /thumbnail 1$/ })).toHaveAttribute('src', new RegExp(first));
  await expect(detail.getByRole('img', { name: /thumbnail 2$/ })).toHaveAttribute('src', new RegExp(second));
  const thumbnail = detail.getByRole('img', { name: /thumbnail 2$/ });
  await expect.poll(() => thumbnail.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
});

test('an oversized photo and a file that is no photo get their messages and add no image', async ({ page }) => {
  await signIn(page);
  await page.getByRole('button', { name: 'Add New Watch' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add New Watch' });

  const oversized = Buffer.alloc(MAX_PHOTO_BYTES + 1);
  oversized.set([0xff, 0xd8, 0xff]);
  await chooseFiles(dialog, [
    { name: 'huge.jpg', mimeType: 'image/jpeg', buffer: oversized },
    // An SVG with a script, renamed: the server judges it by its bytes.
    { name: 'harmless.png', mimeType: 'image/png', buffer: SVG },
  ]);
  const uploads = dialog.getByRole('list', { name: 'Uploads' });
  await expect(uploads.getByRole('listitem').filter({ hasText: 'huge.jpg' })).toContainText(PHOTO_MESSAGES.tooLarge);
  await expect(uploads.getByRole('listitem').filter({ hasText: 'harmless.png' })).toContainText(PHOTO_MESSAGES.wrongType);
  await expect(imageUrl(dialog, 1)).toHaveValue('');
  await expect(imageUrl(dialog, 2)).toHaveCount(0);

  await uploads.getByRole('button', { name: 'Dismiss huge.jpg' }).click();
  await expect(uploads.getByRole('listitem')).toHaveCount(1);
});

test('the server itself refuses an oversized upload, through the proxy, and one without a session', async ({ page }) => {
  await signIn(page);
  const oversized = Buffer.alloc(MAX_PHOTO_BYTES + 1024 * 1024);
  oversized.set([0xff, 0xd8, 0xff]);
  const headers = { origin: ADMIN_SHOP_URL, 'content-type': 'image/jpeg' };
  const refused = await page.request.post('/api/admin/uploads', { data: oversized, headers });
  expect(refused.status()).toBe(413);
  expect(await refused.json()).toEqual({ error: PHOTO_MESSAGES.tooLarge });

  const photoBytes = await photo('red', 'jpeg');
  expect((await page.request.post('/api/admin/uploads', { data: photoBytes, headers })).status()).toBe(201);
  await page.context().clearCookies();
  expect((await page.request.post('/api/admin/uploads', { data: photoBytes, headers })).status()).toBe(401);
});

test('on a phone the photo list fits the screen, with every control in reach', async ({ page }, testInfo) => {
  await page.setViewportSize({ width: 360, height: 740 });
  const dialog = await signInToUpload(page);
  await chooseFiles(dialog, [{ name: 'red.jpg', mimeType: 'image/jpeg', buffer: await photo('red', 'jpeg') }]);
  await expect(imageUrl(dialog, 1)).toHaveValue(UPLOADED);
  await dialog.getByRole('button', { name: 'Add image url' }).click();
  await imageUrl(dialog, 2).fill('https://images.example.com/a-long-pasted-address/of-a-watch-photo.jpg');
  const overflow = await dialog.evaluate((content) => content.scrollWidth - content.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  for (const name of ['Upload photos', 'Move image 2 up', 'Move image 1 down', 'Remove image url 2']) {
    const box = await dialog.getByRole('button', { name }).boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 360, name).toBe(true);
  }
  await testInfo.attach('photo field on a phone', { body: await dialog.screenshot(), contentType: 'image/png' });
});
