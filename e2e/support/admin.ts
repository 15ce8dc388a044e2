import { expect, type Locator, type Page } from '@playwright/test';
import { E2E_ADMIN } from './admin-credentials';

async function submitLogin(page: Page, path: string) {
  await page.goto(path);
  await page.getByLabel('Username', { exact: true }).fill(E2E_ADMIN.username);
  await page.getByLabel('Password', { exact: true }).fill(E2E_ADMIN.password);
  await page.getByRole('button', { name: 'Access Admin Panel' }).click();
}

/** Signs in through the login form and waits for the panel. */
export async function signIn(page: Page, path = '/admin') {
  await submitLogin(page, path);
  await expect(page.getByRole('heading', { name: 'Admin Panel' })).toBeVisible();
}

/** Signs in at /admin/upload and waits for the new watch's form it opens on (issue 14). */
export async function signInToUpload(page: Page): Promise<Locator> {
  await submitLogin(page, '/admin/upload');
  const dialog = page.getByRole('dialog', { name: 'Add New Watch' });
  await expect(dialog).toBeVisible();
  return dialog;
}

/** Holds the matching requests back for a moment, so that the waiting labels can be seen. */
export async function slowDown(page: Page, url: string) {
  await page.route(url, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 600));
    await route.continue();
  });
}
