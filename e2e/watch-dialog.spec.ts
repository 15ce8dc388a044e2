import { expect, test } from './support/failure-report';
import { CONDITION_SCALE } from '@/lib/catalog/collector';
import { expectNoSeriousA11yViolations } from './support/axe';
import { card, openListing, showEveryWatch, usdAtStandInRate } from './support/catalog';

test.beforeEach(async ({ page }) => {
  await openListing(page, '/watches');
  // Every watch: the first page shows 24 of the 40, in a shuffled order.
  await showEveryWatch(page);
});

test('clicking a card opens its detail dialog; clicking its Buy button does not', async ({ page }) => {
  const tangente = card(page, 'Tangente 38');
  await tangente.getByRole('button', { name: 'Buy with SOL' }).click();
  // The Buy button opens the purchase dialog (issue 4), never the card's detail dialog.
  await expect(page.getByRole('dialog', { name: 'Buy the Tangente 38' })).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Tangente 38', exact: true })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);

  await tangente.getByText('NOMOS Glashütte', { exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Tangente 38' });
  await expect(dialog).toBeVisible();
  await expect(page).toHaveURL(/\/watches$/);
});

test('the dialog shows description, Key Features, availability, prices and the Buy button', async ({ page }) => {
  await card(page, 'Tangente 38').getByRole('link', { name: 'Tangente 38' }).click();
  const dialog = page.getByRole('dialog', { name: 'Tangente 38' });
  await expect(dialog.getByRole('heading', { name: 'Key Features' })).toBeVisible();
  await expect(dialog.getByRole('listitem').filter({ hasText: 'Tempered blue hands' })).toBeVisible();
  await expect(dialog.getByTestId('availability')).toHaveText('In Stock');
  await expect(dialog.getByText('16 SOL')).toBeVisible();
  await expect(dialog.getByText(usdAtStandInRate(16))).toHaveText('≈ $2,400.00');
  await expect(dialog.getByRole('button', { name: 'Buy with SOL' })).toBeEnabled();
  await expectNoSeriousA11yViolations(page);
});

test('a sold-out watch: Sold Out availability and a disabled Sold Out button', async ({ page }) => {
  await card(page, 'Cosmograph Daytona').getByText('The chronograph that defined endurance racing', { exact: false }).click();
  const dialog = page.getByRole('dialog', { name: 'Cosmograph Daytona' });
  await expect(dialog.getByTestId('availability')).toHaveText('Sold Out');
  await expect(dialog.getByRole('button', { name: 'Sold Out' })).toBeDisabled();
  await expect(dialog.getByText(usdAtStandInRate(232.14))).toHaveText('≈ $34,821.00');
});

test('the tabs switch between the specifications (without nft_image) and the NFT preview', async ({ page }) => {
  await card(page, 'Cosmograph Daytona').getByRole('link', { name: 'Cosmograph Daytona' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cosmograph Daytona' });
  await expect(dialog.getByRole('tab', { name: 'Watch Details' })).toHaveAttribute('aria-selected', 'true');
  const details = dialog.getByRole('tabpanel');
  await expect(details.locator('dt')).toHaveText([
    'Reference',
    'Year',
    'Condition',
    'Box and papers',
    'Warranty card',
    'Movement',
    'Case material',
    'Case size',
    'Calibre',
    'Case',
    'Water Resistance',
    'Crystal',
    'Strap',
  ]);
  await expect(details.locator('dd')).toHaveText([
    '126500LN',
    '2023',
    `Excellent${CONDITION_SCALE.excellent.definition}`,
    'Box and papers',
    'Dated 14 June 2023',
    'Automatic',
    'Stainless steel',
    '40 mm',
    'Rolex Calibre 4131, automatic chronograph, 72-hour power reserve',
    'Oystersteel, screw-down pushers',
    '100 m',
    'Sapphire, anti-reflective',
    'Oyster bracelet, Oysterlock clasp',
  ]);
  await expect(details).not.toContainText('nft');

  await dialog.getByRole('tab', { name: 'NFT Preview' }).click();
  await expect(dialog.getByRole('tab', { name: 'NFT Preview' })).toHaveAttribute('aria-selected', 'true');
  const nft = dialog.getByRole('img', { name: 'NFT certificate of the Rolex Cosmograph Daytona' });
  await expect(nft).toBeVisible();
  await expect(nft).toHaveAttribute('src', /\/images\/watches\/rolex-cosmograph-daytona-126500ln-nft\.svg$/);
  await expect(dialog.locator('dt')).toHaveCount(0);
});

test('the carousel moves with the arrows, the dots and the thumbnails', async ({ page }) => {
  await card(page, 'Cosmograph Daytona').getByRole('link', { name: 'Cosmograph Daytona' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cosmograph Daytona' });
  const carousel = dialog.getByRole('group', { name: 'Images of the Rolex Cosmograph Daytona' });
  const shown = (n: number) => carousel.getByRole('img', { name: `Rolex Cosmograph Daytona, image ${n} of 3` });

  await expect(shown(1)).toBeVisible();
  await dialog.getByRole('button', { name: 'Next image' }).click();
  await expect(shown(2)).toBeVisible();
  await dialog.getByRole('button', { name: 'Previous image' }).click();
  await dialog.getByRole('button', { name: 'Previous image' }).click();
  await expect(shown(3)).toBeVisible();

  await dialog.getByRole('button', { name: 'Go to image 2' }).click();
  await expect(shown(2)).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Go to image 2' })).toHaveAttribute('aria-current', 'true');

  const thumbnails = dialog.getByRole('list', { name: 'Thumbnails' }).getByRole('button');
  await expect(thumbnails).toHaveCount(3);
  await thumbnails.nth(2).click();
  await expect(shown(3)).toBeVisible();
  await expect(shown(3)).toHaveAttribute('src', /^\/_next\/image\?url=%2Fimages%2Fwatches%2Frolex-cosmograph-daytona-126500ln-3\.webp&w=\d+&q=75$/);
});

test('Escape closes the dialog and focus returns to the card', async ({ page }) => {
  const link = card(page, 'Tangente 38').getByRole('link', { name: 'Tangente 38' });
  await link.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Tangente 38' });
  await expect(dialog).toBeVisible();
  // Focus is trapped in the dialog.
  for (let i = 0; i < 12; i++) await page.keyboard.press('Tab');
  expect(await dialog.evaluate((node) => node.contains(document.activeElement))).toBe(true);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(link).toBeFocused();
});

test('a modified click on the title opens the watch page instead', async ({ page, context }) => {
  const link = card(page, 'Tangente 38').getByRole('link', { name: 'Tangente 38' });
  const [opened] = await Promise.all([context.waitForEvent('page'), link.click({ modifiers: ['ControlOrMeta'] })]);
  await opened.waitForLoadState();
  await expect(opened.getByRole('heading', { level: 1, name: 'Tangente 38' })).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
});
