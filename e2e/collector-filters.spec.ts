import { expect, test } from './support/failure-report';
import type { Page } from '@playwright/test';
import { CONDITION_SCALE } from '@/lib/catalog/collector';
import { expectNoSeriousA11yViolations } from './support/axe';
import { cards } from './support/catalog';

/**
 * Issue 50 (2): a collector narrows /watches by grade, box and papers, year and reference, with
 * the keyboard or without scripts, and the filtered listing is an address to share and reload.
 * On the demo catalogue, eight watches are unworn, all eight with box and papers.
 */

const UNWORN_WITH_PAPERS = [
  'Seamaster Diver 300M',
  'Submariner Date',
  'Monaco Chronograph',
  'Navitimer B01 Chronograph 43',
  'Spirit Zulu Time 42',
  'Carrera Chronograph Glassbox',
  'True Square Automatic',
  'Pilot’s Watch Mark XX',
];

const refine = (page: Page) => page.locator('details').filter({ has: page.getByText(/^Refine/) });
const count = (page: Page) => page.getByText(/^\d+ watch(es)?$/);
const models = async (page: Page) => (await cards(page).getByRole('heading').allTextContents()).sort();

test('a collector filters by condition and box and papers with the keyboard, then shares and reloads the address', async ({ page, context }) => {
  await page.goto('/watches');
  const summary = refine(page).locator('summary');
  await summary.focus();
  await page.keyboard.press('Enter');
  const unworn = page.getByRole('checkbox', { name: /^Unworn \(8\)$/ });
  await expect(unworn).toBeVisible();
  // The grade is explained where it is chosen.
  await expect(unworn).toHaveAccessibleDescription(CONDITION_SCALE.unworn.definition);
  await unworn.focus();
  await page.keyboard.press('Space');
  await page.getByRole('checkbox', { name: /^Box and papers \(\d+\)$/ }).focus();
  await page.keyboard.press('Space');
  await page.getByRole('button', { name: 'Show watches' }).focus();
  await page.keyboard.press('Enter');

  await expect(page).toHaveURL(/\/watches\?condition=unworn&papers=both$/);
  await expect(count(page)).toHaveText('8 watches');
  // The keyboard stays on the control that sent the form, in the form drawn for the results.
  await expect(page.getByRole('button', { name: 'Show watches' })).toBeFocused();
  expect(await models(page)).toEqual([...UNWORN_WITH_PAPERS].sort());
  // The form drawn for the results shows what was chosen.
  await expect(page.getByRole('checkbox', { name: /^Unworn/ })).toBeChecked();
  // Every other choice says how many of these eight it would leave; one that leaves none cannot be made.
  await expect(page.getByRole('checkbox', { name: /^Fair \(0\)$/ })).toBeDisabled();
  await expect(page.getByRole('checkbox', { name: /^Excellent \(\d+\)$/ })).toBeEnabled();

  // The year, typed and sent with Enter, narrows further.
  await page.getByRole('spinbutton', { name: 'Year from' }).fill('2022');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/watches\?condition=unworn&papers=both&year_from=2022$/);
  await expect(count(page)).toHaveText('4 watches');
  await expect(page.getByRole('spinbutton', { name: 'Year from' })).toBeFocused();

  const shared = page.url();
  const friend = await context.newPage();
  await friend.goto(shared);
  await expect(count(friend)).toHaveText('4 watches');
  await expect(friend.getByRole('spinbutton', { name: 'Year from' })).toHaveValue('2022');
  await friend.reload();
  await expect(count(friend)).toHaveText('4 watches');
  expect(await models(friend)).toEqual(['Carrera Chronograph Glassbox', 'Navitimer B01 Chronograph 43', 'Pilot’s Watch Mark XX', 'Spirit Zulu Time 42']);
  await expectNoSeriousA11yViolations(friend);

  // Clearing the collector's filters keeps nothing of them.
  await page.getByRole('link', { name: 'Clear the collector’s filters' }).click();
  await expect(page).toHaveURL(/\/watches$/);
  await expect(count(page)).toHaveText('40 watches');
});

test('a reference finds its watch whatever its separators and case', async ({ page }) => {
  await page.goto('/watches');
  await refine(page).locator('summary').click();
  await page.getByLabel('Reference').fill('126610 ln');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/watches\?ref=126610\+ln$/);
  await expect(count(page)).toHaveText('1 watch');
  expect(await models(page)).toEqual(['Submariner Date']);
});

test('a single choice is a page to index; a combination is followed but not indexed', async ({ request }) => {
  const head = (html: string) => html.slice(0, html.indexOf('</head>'));
  const single = await (await request.get('/watches?condition=unworn')).text();
  // In <head>, where search engines read them (lib/seo/head-metadata.ts).
  expect(head(single)).toMatch(/<link rel="canonical" href="[^"]*\/watches\?condition=unworn"/);
  expect(single).not.toContain('noindex');
  const combined = await (await request.get('/watches?condition=unworn&papers=both')).text();
  expect(head(combined)).toContain('<meta name="robots" content="noindex, follow"/>');
  // A filtered listing is rendered for its filters: never the kept page of the bare listing.
  expect(combined).toContain('8 watches');
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the filters are a form the browser sends itself, and the server renders their listing', async ({ page }) => {
    await page.goto('/watches?q=chronograph');
    await refine(page).locator('summary').click();
    await page.getByRole('checkbox', { name: /^Unworn/ }).check();
    await page.getByRole('checkbox', { name: /^Box and papers \(/ }).check();
    await page.getByRole('button', { name: 'Show watches' }).click();
    // The form names every field; the server sends the browser to the address a link would have.
    await expect(page).toHaveURL(/\/watches\?q=chronograph&condition=unworn&papers=both$/);
    const found = await models(page);
    expect(found.length).toBeGreaterThan(0);
    expect(found.every((model) => UNWORN_WITH_PAPERS.includes(model))).toBe(true);
    await expect(count(page)).toHaveText(`${found.length} ${found.length === 1 ? 'watch' : 'watches'}`);
    await expect(page.getByRole('checkbox', { name: /^Unworn/ })).toBeChecked();
  });
});
