import { expect, test } from './support/failure-report';
import { expectNoSeriousA11yViolations } from './support/axe';
import { BROKEN_DATABASE_URL } from './support/servers';

// These run against the second shop server, whose database address answers nothing.
test.use({ baseURL: BROKEN_DATABASE_URL });

const ERROR_STATES = [
  { path: '/watches', title: 'Unable to Load Watches', message: 'Failed to load watches' },
  { path: '/featured', title: 'Unable to Load Featured Collection', message: 'Failed to load featured watches' },
  { path: '/crypto-editions', title: 'Unable to Load Crypto Editions', message: 'Failed to load crypto edition watches' },
];

for (const { path, title, message } of ERROR_STATES) {
  test(`${path} shows its error state when the database cannot be reached, and tries again on the next load`, async ({ page, request }) => {
    // The error state is never kept by the document cache: each load asks the database again.
    for (let load = 0; load < 2; load++) expect((await request.get(path)).headers()['x-document-cache']).toBe('miss');
    const response = await page.goto(path);
    expect(response?.status()).toBe(200);
    const alert = page.getByRole('alert').filter({ hasText: title });
    await expect(alert.getByRole('heading', { name: title })).toBeVisible();
    await expect(alert.getByText(message, { exact: true })).toBeVisible();
    await expect(page.getByRole('article')).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);
  });
}

test('a watch page shows an error state, not a crash, when the database cannot be reached', async ({ page }) => {
  await page.goto('/watches/00000000-0000-4000-8000-000000000001');
  await expect(page.getByRole('heading', { name: 'Unable to Load Watch' })).toBeVisible();
});

test('the SOL price still answers when the database is down', async ({ request }) => {
  const response = await request.get('/api/sol-price');
  expect(response.status()).toBe(200);
  expect(await response.json()).toMatchObject({ price: 150, stale: false });
});
