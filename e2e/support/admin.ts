import { expect, test, type Cookie, type Locator, type Page } from '@playwright/test';
import { E2E_ADMIN } from './admin-credentials';
import { nextCode, withOwnerApp } from './owner-factor';

/**
 * Signing the e2e owner in: the password, then the second factor (issue 36), an authenticator app
 * the first sign-in on each shop sets up (e2e/support/owner-factor.ts). Each worker signs in once
 * per shop and reuses that session, as a browser would, giving the factor again when it is a few
 * minutes old so that step-up never interrupts a test that does not expect it.
 */

type Signed = { cookie: Cookie; factorAt: number };
const sessions = new Map<string, Signed>();

/** Under the 5 minutes of step-up (lib/second-factor/step-up.ts), with a test's length to spare. */
const FACTOR_FRESH_MS = 3 * 60_000;

/** A shop started anew on an origin this worker signed in to before: that session is gone with it. */
export function forgetSession(origin: string): void {
  sessions.delete(origin);
}

const originOf = (path: string) => new URL(path, test.info().project.use.baseURL).origin;

async function submitPassword(page: Page, path: string) {
  await page.goto(path);
  await typePassword(page);
}

async function typePassword(page: Page) {
  await page.getByLabel('Username', { exact: true }).fill(E2E_ADMIN.username);
  await page.getByLabel('Password', { exact: true }).fill(E2E_ADMIN.password);
  await page.getByRole('button', { name: 'Access Admin Panel' }).click();
}

/** On the second-factor step: sets up the owner's app if the shop has none yet, else gives a code. */
export async function passSecondFactor(page: Page) {
  const step = page.getByRole('heading', { name: /^(Set up a second factor|Confirm it is you)$/ });
  // Another worker setting the app up ends this password-only session (a factor added ends the
  // member's other sessions): if that happened between the step's page and its first request, the
  // step says so instead of showing itself.
  const ended = page.getByRole('alert').filter({ hasText: 'Sign in with your password first.' });
  await expect(step.or(ended)).toBeVisible();
  await withOwnerApp(new URL(page.url()).origin, async (app) => {
    // Read again under the lock: another worker may have set the app up since this page loaded,
    // which ended this password-only session.
    await page.reload();
    const login = page.getByRole('button', { name: 'Access Admin Panel' });
    await expect(step.or(login)).toBeVisible();
    if (await login.isVisible()) {
      await typePassword(page);
      await expect(step).toBeVisible();
    }
    if ((await step.textContent()) === 'Set up a second factor') {
      await page.getByRole('button', { name: 'Use an authenticator app' }).click();
      app.secret = (await page.getByRole('textbox', { name: 'Key for your authenticator app' }).inputValue()).replace(/\s/g, '');
      await page.getByLabel('Code from your authenticator app', { exact: true }).fill(await nextCode(app));
      await page.getByRole('button', { name: 'Confirm the app' }).click();
      await expect(page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem')).toHaveCount(10);
      await page.getByRole('button', { name: 'I have saved these codes' }).click();
    } else {
      await page.getByLabel('Code from your authenticator app', { exact: true }).fill(await nextCode(app));
      await page.getByRole('button', { name: 'Confirm' }).click();
    }
    await expect(step).toBeHidden();
  });
}

/** A new sign-in through the forms, password and factor: a session of its own, which this worker does not reuse. */
export async function signInAfresh(page: Page, path = '/admin') {
  await submitPassword(page, path);
  await passSecondFactor(page);
}

/**
 * Gives the page's browser context this worker's session on the shop of `path`, made through the
 * forms at `path` on first use (the page is then on the panel); whether it was made now.
 */
async function joinSession(page: Page, path: string): Promise<boolean> {
  const origin = originOf(path);
  const signed = sessions.get(origin);
  if (!signed) {
    await signInAfresh(page, path);
    const cookie = (await page.context().cookies(origin)).find((each) => each.name.endsWith('orx_admin'));
    // As storage state keeps it: a __Host- cookie is added back host-only, Secure, for the whole site.
    if (cookie) sessions.set(origin, { cookie, factorAt: Date.now() });
    return true;
  }
  await page.context().addCookies([signed.cookie]);
  if (Date.now() - signed.factorAt > FACTOR_FRESH_MS) {
    await withOwnerApp(origin, async (app) => {
      const response = await page.request.post(`${origin}/api/admin-session/factor/totp`, { data: { code: await nextCode(app) }, headers: { origin } });
      expect(response.status(), await response.text()).toBe(200);
    });
    signed.factorAt = Date.now();
  }
  return false;
}

/** Signs in with this worker's session on the shop (made on first use) and opens `path`. */
async function enter(page: Page, path: string) {
  if (!(await joinSession(page, path))) await page.goto(path);
}

/**
 * Signs the page's context in for the admin API (`page.request`) with this worker's session on
 * the shop, without loading the panel when the worker has one already.
 */
export async function signInForApi(page: Page, path = '/admin') {
  await joinSession(page, path);
}

/** Signs in and waits for the panel. */
export async function signIn(page: Page, path = '/admin') {
  await enter(page, path);
  await expect(page.getByRole('heading', { name: 'Admin Panel' })).toBeVisible();
}

/** Signs in at /admin/upload and waits for the new watch's form it opens on (issue 14). */
export async function signInToUpload(page: Page): Promise<Locator> {
  await enter(page, '/admin/upload');
  const dialog = page.getByRole('dialog', { name: 'Add New Watch' });
  await expect(dialog).toBeVisible();
  return dialog;
}

/** Holds the matching requests back for a moment, so that the waiting labels can be seen. */
export async function slowDown(page: Page, url: Parameters<Page['route']>[0]) {
  await page.route(url, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 600));
    await route.continue();
  });
}
