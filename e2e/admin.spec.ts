import { randomUUID } from 'node:crypto';
import { expect, test } from './support/failure-report';
import type { Page } from '@playwright/test';
import { stockChangedMessage } from '@/lib/admin/watch-form';
import { CONDITION_SCALE } from '@/lib/catalog/collector';
import { dayLabel } from '@/lib/catalog/specs';
import type { Watch } from '@/lib/catalog/types';
import { E2E_ADMIN } from './support/admin-credentials';
import { passSecondFactor, signIn, signInToUpload, slowDown } from './support/admin';
import { expectNoSeriousA11yViolations } from './support/axe';

/** SPEC §2, §4, §5, §8 for /admin, on the production build and a fresh embedded database. */

const card = (page: Page, model: string) =>
  page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: model, exact: true }) });

/** The grid's address once it shows the search for `q` (a form's encoding: spaces as +). */
const searchAddress = (q: string) => new RegExp(`\\?q=${encodeURIComponent(q).replaceAll('%20', '\\+')}$`);

/** Adds a watch through the form and searches for it; returns its unique model name. */
async function addWatch(page: Page, brand: string, model = `Model ${randomUUID().slice(0, 8)}`, image = '/images/watch-placeholder.svg') {
  await page.getByRole('button', { name: 'Add New Watch' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add New Watch' });
  await dialog.getByLabel('Brand', { exact: true }).fill(brand);
  await dialog.getByLabel('Model', { exact: true }).fill(model);
  await dialog.getByLabel('Description', { exact: true }).fill('A watch added by the end-to-end tests.');
  await dialog.getByLabel('Image URL 1', { exact: true }).fill(image);
  await dialog.getByLabel('Price (SOL)', { exact: true }).fill('10');
  await dialog.getByRole('button', { name: 'Add Watch' }).click();
  await expect(page.getByRole('status')).toHaveText(`Successfully added "${model}" to ${brand}`);
  // The grid shows a page at a time, in brand order: the new watch is found by its name. Its card
  // may be on the page shown already, which the search's answer then lays out anew: a press made
  // meanwhile can land where the card was. So the search is waited for, answered (the address
  // follows the answer) and drawn (the grid no longer busy).
  await page.getByRole('searchbox', { name: 'Search watches' }).fill(model);
  await expect(page).toHaveURL(searchAddress(model));
  await expect(page.getByRole('region', { name: /^Watch Collection/ })).toHaveAttribute('aria-busy', 'false');
  await expect(card(page, model)).toBeVisible();
  return model;
}

/** The number in the grid's title: how many watches the search found. */
async function collectionCount(page: Page) {
  const title = await page.getByRole('heading', { name: /^Watch Collection/ }).textContent();
  return Number(/\((\d+)\)/.exec(title ?? '')?.[1]);
}

test('a wrong login is refused, the right one opens the panel, and Sign Out clears it', async ({ page }) => {
  // Two accessibility scans, one over a page of 24 cards: slow on a shared machine.
  test.setTimeout(120_000);
  await page.goto('/admin');
  await expect(page.getByRole('button', { name: 'Access Admin Panel' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to Store' })).toHaveAttribute('href', '/');
  await expectNoSeriousA11yViolations(page);

  await page.getByLabel('Username', { exact: true }).fill(E2E_ADMIN.username);
  const password = page.getByLabel('Password', { exact: true });
  await password.fill('not the password');
  await expect(password).toHaveAttribute('type', 'password');
  await page.getByRole('button', { name: 'Show password' }).click();
  await expect(password).toHaveAttribute('type', 'text');
  await page.getByRole('button', { name: 'Hide password' }).click();
  await expect(password).toHaveAttribute('type', 'password');

  await slowDown(page, '**/api/admin-session');
  await page.getByRole('button', { name: 'Access Admin Panel' }).click();
  await expect(page.getByRole('button', { name: 'Authenticating...' })).toBeDisabled();
  // (Next's route announcer is an empty alert too, hence the filter.)
  await expect(page.getByRole('alert').filter({ hasText: 'Invalid credentials. Access denied.' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Admin Panel' })).toHaveCount(0);

  await password.fill(E2E_ADMIN.password);
  await page.getByRole('button', { name: 'Access Admin Panel' }).click();
  // Issue 36: the password alone reaches only the second factor.
  await expect(page.getByRole('heading', { name: 'Admin Panel' })).toHaveCount(0);
  expect((await page.request.get('/api/admin/orders')).status()).toBe(401);
  await passSecondFactor(page);
  await expect(page.getByRole('heading', { name: 'Admin Panel' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'View Store' })).toHaveAttribute('href', '/');
  await expect(page.getByRole('heading', { name: /^Watch Collection \(\d+\)$/ })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // The panel survives a reload: the session is a server cookie, not browser storage.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Admin Panel' })).toBeVisible();
  // Issue 36: a __Host- cookie, Secure (Chromium keeps one from 127.0.0.1, as from any localhost), Strict.
  const cookie = (await page.context().cookies()).find((each) => each.name === '__Host-orx_admin');
  expect(cookie).toMatchObject({ httpOnly: true, secure: true, sameSite: 'Strict', path: '/' });

  await page.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page.getByRole('button', { name: 'Access Admin Panel' })).toBeVisible();
  await expect(page.getByLabel('Username', { exact: true })).toHaveValue('');
  await expect(page.getByLabel('Password', { exact: true })).toHaveValue('');
  await page.reload();
  await expect(page.getByRole('button', { name: 'Access Admin Panel' })).toBeVisible();
});

test('/admin/upload opens the photo upload of a new watch over the same panel, behind the same login', async ({ page }) => {
  const dialog = await signInToUpload(page);
  await expect(dialog.getByRole('button', { name: 'Upload photos' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('button', { name: 'Add New Watch' })).toBeVisible();
  await expect(page.getByRole('heading', { name: /^Watch Collection \(\d+\)$/ })).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/upload$/);
});

test('without a session, x-middleware-subrequest opens neither the page nor the API', async ({ request }) => {
  const headers = { 'x-middleware-subrequest': 'proxy:proxy:proxy:proxy:proxy' };
  for (const path of ['/admin', '/admin/upload']) {
    const response = await request.get(path, { headers });
    const html = await response.text();
    expect(html).toContain('Access Admin Panel');
    expect(html).not.toContain('Watch Collection');
    expect(response.headers()['x-robots-tag']).toBe('noindex, nofollow');
  }
  const api = await request.get('/api/admin/watches', { headers });
  expect(api.status()).toBe(401);
  const cross = await request.post('/api/admin-session', {
    headers: { origin: 'https://evil.example' },
    data: { username: E2E_ADMIN.username, password: E2E_ADMIN.password },
  });
  expect(cross.status()).toBe(403);
});

test('adding a watch shows each validation message, fills EUR from SOL, and keeps one row', async ({ page }) => {
  await signIn(page);
  const brand = `E2E Add ${randomUUID().slice(0, 6)}`;
  const model = `Validator ${randomUUID().slice(0, 6)}`;
  // The title counts this test's own watch only: other tests add and delete watches on this shop
  // meanwhile, so the whole collection's count is no measure of what this add did.
  const search = page.getByRole('searchbox', { name: 'Search watches' });
  await search.fill(model);
  await expect(page.getByRole('heading', { name: 'Watch Collection (0)' })).toBeVisible();

  await page.getByRole('button', { name: 'Add New Watch' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add New Watch' });
  const submit = dialog.getByRole('button', { name: 'Add Watch' });
  const alert = dialog.getByRole('alert');

  await submit.click();
  await expect(alert).toHaveText('Brand, model, and description are required');
  await dialog.getByLabel('Brand', { exact: true }).fill(brand);
  await dialog.getByLabel('Model', { exact: true }).fill(model);
  await dialog.getByLabel('Description', { exact: true }).fill('  Checked field by field.  ');
  await submit.click();
  await expect(alert).toHaveText('Both EUR and SOL prices are required');

  const sol = dialog.getByLabel('Price (SOL)', { exact: true });
  const eur = dialog.getByLabel('Price (EUR)', { exact: true });
  for (const input of [sol, eur]) {
    await expect(input).toHaveAttribute('type', 'number');
    await expect(input).toHaveAttribute('step', '0.01');
    await expect(input).toHaveAttribute('min', '0');
  }
  await sol.fill('12.5');
  await expect(eur).toHaveValue('1750.00');
  await eur.fill('1800');
  await expect(sol).toHaveValue('12.5');
  await submit.click();
  await expect(alert).toHaveText('At least one image URL is required');

  const firstImage = dialog.getByLabel('Image URL 1', { exact: true });
  await expect(firstImage).toHaveAttribute('type', 'url');
  await expect(firstImage).toHaveAttribute('required', '');
  await firstImage.fill('javascript:alert(1)');
  await submit.click();
  await expect(alert).toHaveText('Image URLs must start with http:// or https://');
  await firstImage.fill('/images/watch-placeholder.svg');

  // Rows can be added and removed, never below one.
  await expect(dialog.getByRole('button', { name: 'Remove image url 1' })).toBeDisabled();
  await dialog.getByRole('button', { name: 'Add image url' }).click();
  await dialog.getByLabel('Image URL 2', { exact: true }).fill('https://images.invalid/second.jpg');
  await dialog.getByRole('button', { name: 'Remove image url 2' }).click();
  await expect(dialog.getByLabel('Image URL 2', { exact: true })).toHaveCount(0);
  await dialog.getByLabel('Feature 1', { exact: true }).fill('Chronograph');
  await dialog.getByRole('button', { name: 'Add feature' }).click();
  await dialog.getByLabel('Feature 2', { exact: true }).fill('  ');
  await dialog.getByLabel('Reference', { exact: true }).fill('E2E-1');

  await slowDown(page, '**/api/admin/watches');
  await submit.click();
  await expect(dialog.getByRole('button', { name: 'Adding...' })).toBeDisabled();
  await expect(page.getByRole('status')).toHaveText(`Successfully added "${model}" to ${brand}`);
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Watch Collection (1)' })).toBeVisible();
  await expect(search).toHaveValue(model);

  const added = card(page, model);
  await expect(added).toContainText(brand);
  await expect(added).toContainText('Checked field by field.');
  await expect(added).toContainText('12.5 SOL');
  await expect(added).toContainText('€1,800.00');
  await expect(added).toContainText('Available');
  await expect(added.getByRole('img', { name: `${brand} ${model}` })).toBeVisible();
  // The status message goes after 3 seconds, and the grid stays where it was: a press aimed at a
  // card as the message goes lands on that card.
  const whileShown = await added.boundingBox();
  await expect(page.getByRole('status')).toHaveCount(0, { timeout: 5_000 });
  expect(await added.boundingBox()).toEqual(whileShown);
});

test('search finds watches by model, brand or description, with its empty state', async ({ page }) => {
  await signIn(page);
  const brand = `E2E Search ${randomUUID().slice(0, 6)}`;
  const model = await addWatch(page, brand);
  const search = page.getByRole('searchbox', { name: 'Search watches' });

  await search.fill(model.toUpperCase());
  await expect(page.getByRole('article')).toHaveCount(1);
  await expect(card(page, model)).toBeVisible();
  await search.fill(brand.toLowerCase());
  await expect(page.getByRole('article')).toHaveCount(1);

  // The server searched: the title counts what it found, and the address keeps the search.
  await expect(page.getByRole('heading', { name: 'Watch Collection (1)' })).toBeVisible();
  await expect(page).toHaveURL(searchAddress(brand.toLowerCase()));
  await page.reload();
  await expect(search).toHaveValue(brand.toLowerCase());
  await expect(card(page, model)).toBeVisible();

  await search.fill('no watch is called this');
  await expect(page.getByText('No watches match your search')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Watch Collection (0)' })).toBeVisible();
  await page.getByRole('button', { name: 'Add First Watch' }).click();
  await expect(page.getByRole('dialog', { name: 'Add New Watch' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('a change pressed while a search is on its way keeps that search', async ({ page }) => {
  await signIn(page);
  const brand = `E2E Pending ${randomUUID().slice(0, 6)}`;
  const model = await addWatch(page, brand);
  await expect(page.getByRole('heading', { name: 'Watch Collection (1)' })).toBeVisible();

  // The next search answers slowly; the card is marked sold out meanwhile, which reads the grid again.
  await slowDown(page, (url) => url.pathname === '/api/admin/watches' && url.searchParams.has('q'));
  const searchSent = page.waitForRequest((request) => new URL(request.url()).searchParams.get('q') === brand);
  await page.getByRole('searchbox', { name: 'Search watches' }).fill(brand);
  await searchSent;
  await card(page, model).getByRole('button', { name: `Mark ${brand} ${model} sold out` }).click();

  // The grid, the title and the address end on the search in the box, not on the one before it.
  await expect(page).toHaveURL(searchAddress(brand));
  await expect(page.getByRole('heading', { name: 'Watch Collection (1)' })).toBeVisible();
  await expect(card(page, model).getByText('Sold Out')).toBeVisible();
  await expect(page.getByRole('searchbox', { name: 'Search watches' })).toHaveValue(brand);
});

test('the grid shows a page at a time, titled with the number of watches, with page links', async ({ page }) => {
  await signIn(page);
  const total = await collectionCount(page);
  // The demo's 40 watches and the tests' own: more than one page of 24.
  expect(total).toBeGreaterThan(24);
  await expect(page.getByRole('article')).toHaveCount(24);
  const pages = page.getByRole('navigation', { name: 'Watch pages' });
  await expect(pages).toContainText(`Page 1 of ${Math.ceil(total / 24)}`);
  await expect(pages.getByRole('link', { name: 'Previous' })).toHaveCount(0);
  const firstOfPageOne = await page.getByRole('article').first().getByRole('heading').textContent();

  // The other admin specs add and delete watches on this shop meanwhile: each page is held to its
  // own title, which comes in the same rendering as its cards and page links.
  const expectPageOfItsTitle = async (pageNumber: number) => {
    await expect(pages).toContainText(`Page ${pageNumber} of`);
    const totalNow = await collectionCount(page);
    expect(totalNow).toBeGreaterThan(24);
    await expect(pages).toContainText(`Page ${pageNumber} of ${Math.ceil(totalNow / 24)}`);
    await expect(page.getByRole('article')).toHaveCount(Math.min(24, totalNow - 24 * (pageNumber - 1)));
  };
  await pages.getByRole('link', { name: 'Next' }).click();
  await expect(page).toHaveURL(/\/admin\?page=2$/);
  await expectPageOfItsTitle(2);
  await expect(page.getByRole('article').first().getByRole('heading')).not.toHaveText(firstOfPageOne ?? '');

  // The address is a real page: loaded afresh, it shows the same page.
  await page.reload();
  await expectPageOfItsTitle(2);
  await pages.getByRole('link', { name: 'Previous' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expectPageOfItsTitle(1);
});

test('the search and the page links are real addresses, answered by the server before any script runs', async ({ page }) => {
  await signIn(page);
  const brand = `E2E Address ${randomUUID().slice(0, 6)}`;
  const model = await addWatch(page, brand);
  // What Enter in the search form and the page links ask for, before the panel's script has run:
  // a GET form (q) and links to ?page=.
  const search = page.getByRole('search').getByRole('searchbox', { name: 'Search watches' });
  await expect(search).toHaveAttribute('name', 'q');
  await expect(page.getByRole('search')).toHaveAttribute('method', 'get');

  const html = await (await page.request.get(`/admin?q=${encodeURIComponent(model)}`)).text();
  expect(html).toContain('Watch Collection (<!-- -->1<!-- -->)');
  expect(html).toContain(model);

  await page.goto('/admin?page=2');
  const pages = page.getByRole('navigation', { name: 'Watch pages' });
  await expect(pages).toContainText('Page 2 of');
  await expect(pages.getByRole('link', { name: 'Previous' })).toHaveAttribute('href', '/admin');
  await page.goto(`/admin?q=${encodeURIComponent(model)}`);
  await expect(page.getByRole('heading', { name: 'Watch Collection (1)' })).toBeVisible();
  await expect(search).toHaveValue(model);
  await expect(card(page, model)).toBeVisible();
});

test('editing, featuring, selling out and deleting a watch', async ({ page }) => {
  await signIn(page);
  const brand = `E2E Edit ${randomUUID().slice(0, 6)}`;
  const model = await addWatch(page, brand);
  const name = `${brand} ${model}`;

  await card(page, model).getByRole('button', { name: `Edit ${name}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Watch' });
  await expect(dialog.getByLabel('Model', { exact: true })).toHaveValue(model);
  await expect(dialog.getByLabel('Price (SOL)', { exact: true })).toHaveValue('10');
  await expect(dialog.getByLabel('Price (EUR)', { exact: true })).toHaveValue('1400');
  const renamed = `${model} Renamed`;
  await dialog.getByLabel('Model', { exact: true }).fill(renamed);
  await slowDown(page, '**/api/admin/watches/*');
  await dialog.getByRole('button', { name: 'Update Watch' }).click();
  await expect(dialog.getByRole('button', { name: 'Updating...' })).toBeDisabled();
  await expect(page.getByRole('status')).toHaveText(`Successfully updated "${renamed}"`);
  const edited = card(page, renamed);
  await expect(edited).toBeVisible();

  const renamedName = `${brand} ${renamed}`;
  await expect(edited.getByText('FEATURED')).toHaveCount(0);
  await edited.getByRole('button', { name: 'Mark as featured' }).click();
  await expect(edited.getByRole('button', { name: 'Remove from featured' })).toBeVisible();
  await expect(edited.getByText('FEATURED')).toBeVisible();

  await edited.getByRole('button', { name: `Mark ${renamedName} sold out` }).click();
  await expect(edited.getByText('Sold Out')).toBeVisible();

  // Both changes were saved on the server.
  await page.reload();
  await expect(card(page, renamed).getByText('FEATURED')).toBeVisible();
  await expect(card(page, renamed).getByText('Sold Out')).toBeVisible();

  await card(page, renamed).getByRole('button', { name: `Delete ${renamedName}` }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText('Are you sure you want to delete this watch?');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(card(page, renamed)).toBeVisible();

  await card(page, renamed).getByRole('button', { name: `Delete ${renamedName}` }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('status')).toHaveText('Watch deleted successfully');
  await expect(card(page, renamed)).toHaveCount(0);
  // The page was read again from the server: the count of the search went down with it.
  await expect(page.getByRole('heading', { name: 'Watch Collection (0)' })).toBeVisible();
  await expect(page.getByRole('status')).toHaveCount(0, { timeout: 5_000 });
  await page.reload();
  await expect(card(page, renamed)).toHaveCount(0);
});

test("the collector's details: chosen from the form's lists, the grade explained, refused when they disagree, shown to shoppers, exported", async ({ page }) => {
  await signIn(page);
  const brand = `E2E Collector ${randomUUID().slice(0, 6)}`;
  const model = await addWatch(page, brand);
  const name = `${brand} ${model}`;

  await card(page, model).getByRole('button', { name: `Edit ${name}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Watch' });
  await dialog.getByLabel('Reference', { exact: true }).fill('5711/1A-010');
  await dialog.getByLabel('Year of production').fill('1975');
  await dialog.getByLabel(/^Circa/).check();
  const condition = dialog.getByLabel('Condition', { exact: true });
  await condition.focus();
  await condition.selectOption({ label: 'Very good' });
  // The grade's meaning is shown where it is chosen, and read with it by a screen reader.
  await expect(condition).toHaveAccessibleDescription(CONDITION_SCALE['very-good'].definition);
  await dialog.getByLabel('Box and papers').selectOption({ label: 'Papers only' });
  await dialog.getByLabel('Last service').fill('2024-01-18');
  await dialog.getByLabel('Case size (mm)').fill('40.5');
  await dialog.getByLabel('Case material').selectOption({ label: 'Steel and gold' });
  await dialog.getByLabel('Movement type').selectOption({ label: 'Manual winding' });
  // A 12 % cut: the price history shows it on the watch's page.
  await dialog.getByLabel('Price (SOL)', { exact: true }).fill('8.8');

  const update = dialog.getByRole('button', { name: 'Update Watch' });
  await update.click();
  await expect(dialog.getByRole('alert')).toHaveText('Circa needs the first year of a decade, such as 1970 for the 1970s');
  await dialog.getByLabel('Year of production').fill('1970');
  await update.click();
  await expect(dialog.getByRole('alert')).toHaveText('The last service needs both its date and who did it');
  await dialog.getByLabel('Serviced by').selectOption({ label: 'an independent watchmaker' });
  await update.click();
  await expect(page.getByRole('status')).toHaveText(`Successfully updated "${model}"`);

  // Opened again, the form holds what was saved.
  await card(page, model).getByRole('button', { name: `Edit ${name}` }).click();
  const again = page.getByRole('dialog', { name: 'Edit Watch' });
  await expect(again.getByLabel('Reference', { exact: true })).toHaveValue('5711/1A-010');
  await expect(again.getByLabel('Year of production')).toHaveValue('1970');
  await expect(again.getByLabel(/^Circa/)).toBeChecked();
  await expect(again.getByLabel('Condition', { exact: true })).toHaveValue('very-good');
  await expect(again.getByLabel('Case size (mm)')).toHaveValue('40.5');
  await again.getByRole('button', { name: 'Cancel' }).click();

  const exported = await (await page.request.get('/api/admin/watches/export')).text();
  expect(exported.split('\r\n').find((line) => line.includes(model))).toMatch(
    /,5711\/1A-010,1970,yes,Very good,Papers only,,2024-01-18,an independent watchmaker,40\.5,Steel and gold,Manual winding,8\.8,1232\.00,1,no,/,
  );
  await expect(page.getByRole('link', { name: 'Export CSV' })).toHaveAttribute('href', '/api/admin/watches/export');

  const watch = (await (await page.request.get(`/api/admin/watches?q=${encodeURIComponent(model)}`)).json()) as { watches: Watch[] };
  await page.goto(`/watches/${watch.watches[0]!.id}`);
  const details = page.getByRole('tabpanel');
  await expect(details).toContainText('Reference5711/1A-010YearCirca 1970sConditionVery good');
  await expect(details).toContainText(CONDITION_SCALE['very-good'].definition);
  await expect(details).toContainText('Last service18 January 2024, by an independent watchmaker');
  await expect(page.getByTestId('price-drop')).toHaveText(`Price lowered by 12 % on ${dayLabel(new Date().toISOString().slice(0, 10))}`);
  await expect(page.getByRole('img', { name: /^The price in SOL went from 10 SOL to 8\.8 SOL over 1 change/ })).toBeVisible();
});

test('an edit saved after the stock changed keeps the new stock: the form shows it, and saves the rest once confirmed', async ({ page }) => {
  await signIn(page);
  const brand = `E2E Stock ${randomUUID().slice(0, 6)}`;
  const model = await addWatch(page, brand);
  await card(page, model).getByRole('button', { name: `Edit ${brand} ${model}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Watch' });
  await expect(dialog.getByLabel('Pieces in stock', { exact: true })).toHaveValue('1');
  const renamed = `${model} Renamed`;
  await dialog.getByLabel('Model', { exact: true }).fill(renamed);

  // Meanwhile the last piece goes: another operator's edit sets the stock to 0.
  const { watches } = (await (await page.request.get(`/api/admin/watches?q=${encodeURIComponent(model)}`)).json()) as { watches: Watch[] };
  const watch = watches.find((candidate) => candidate.model === model)!;
  const other = await page.request.put(`/api/admin/watches/${watch.id}`, {
    data: { ...watch, stock: 0, expected_stock: 1 },
    headers: { origin: new URL(page.url()).origin },
  });
  expect(other.status()).toBe(200);

  await dialog.getByRole('button', { name: 'Update Watch' }).click();
  await expect(dialog.getByRole('alert')).toHaveText(stockChangedMessage(0));
  await expect(dialog.getByLabel('Pieces in stock', { exact: true })).toHaveValue('0');
  await expect(dialog.getByLabel('Model', { exact: true })).toHaveValue(renamed);

  await dialog.getByRole('button', { name: 'Update Watch' }).click();
  await expect(page.getByRole('status')).toHaveText(`Successfully updated "${renamed}"`);
  const saved = (await (await page.request.get(`/api/admin/watches?q=${encodeURIComponent(renamed)}`)).json()) as { watches: Watch[] };
  expect(saved.watches.find((candidate) => candidate.id === watch.id)).toMatchObject({ model: renamed, stock: 0 });
});

test('a failed delete says so', async ({ page }) => {
  await signIn(page);
  const brand = `E2E Fail ${randomUUID().slice(0, 6)}`;
  const model = await addWatch(page, brand);
  await page.route('**/api/admin/watches/*', (route) =>
    route.request().method() === 'DELETE' ? route.fulfill({ status: 500, json: { error: 'Operation failed' } }) : route.continue(),
  );
  await card(page, model).getByRole('button', { name: `Delete ${brand} ${model}` }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Failed to delete watch' })).toBeVisible();
  await expect(card(page, model)).toBeVisible();
});

test('the orders view lists stored orders, with its empty state', async ({ page }) => {
  await signIn(page);
  await page.getByRole('tab', { name: 'Orders' }).click();
  const orders = page.getByRole('tabpanel', { name: 'Orders' });
  await expect(orders.getByRole('heading', { name: 'Orders', exact: true })).toBeVisible();
  // The list is paged (e2e/admin-orders.spec.ts): it says how many of the orders it shows.
  const empty = orders.getByText('No orders yet');
  const shown = orders.getByText(/^Showing \d+ orders?/);
  await expect(empty.or(shown)).toBeVisible();
  if (await shown.isVisible()) {
    const count = Number(/\d+/.exec((await shown.textContent()) ?? '')?.[0]);
    await expect(orders.getByRole('article')).toHaveCount(count);
  }
  await expectNoSeriousA11yViolations(page);
});

test('a first image that fails while the panel loads falls back to the placeholder (SPEC §2 admin card)', async ({ page }) => {
  await signIn(page);
  const model = await addWatch(page, 'Tudor', undefined, 'https://images.invalid/gone.jpg');
  // A fresh load: the image fails before the page is hydrated, when no error handler is attached yet.
  await page.reload();
  const image = card(page, model).getByRole('img', { name: `Tudor ${model}` });
  await image.scrollIntoViewIfNeeded();
  await expect(image).toHaveAttribute('src', /watch-placeholder\.svg/);
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
});
