import fs from 'node:fs';
import { expect, test } from './support/failure-report';
import { signIn } from './support/admin';
import { expectNoSeriousA11yViolations } from './support/axe';

/**
 * The admin panel's Watchers tab (issue 52). This shop sends no e-mail, so nobody can confirm a
 * watch on it: the tab is checked with its counts empty, the counts themselves by the back end's
 * tests (tests/unit/watchlist-contract.test.ts).
 */

test('the owner sees the watchers per piece and per brand, and exports the counts as CSV', async ({ page }) => {
  await signIn(page);
  await page.getByRole('tab', { name: 'Watchers' }).click();
  const panel = page.getByRole('tabpanel', { name: 'Watchers' });
  await expect(panel.getByRole('heading', { name: 'Watchers' })).toBeVisible();
  const perPiece = panel.getByRole('table', { name: 'Per piece' });
  const perBrand = panel.getByRole('table', { name: 'Per brand' });
  await expect(perPiece.getByRole('columnheader')).toHaveText(['Brand', 'Model', 'Watchers']);
  await expect(perBrand.getByRole('columnheader')).toHaveText(['Brand', 'Watchers']);
  await expect(perPiece.getByRole('cell')).toHaveText(['Nobody is watching yet.']);
  await expectNoSeriousA11yViolations(page);

  const [download] = await Promise.all([page.waitForEvent('download'), panel.getByRole('link', { name: 'Export counts (CSV)' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^orx-watchers-\d{4}-\d{2}-\d{2}\.csv$/);
  const text = fs.readFileSync((await download.path())!, 'utf8').replace(/^\uFEFF/, '');
  expect(text.split('\r\n')[0]).toBe('Kind,Watch,Brand,Model,Watchers');
});
