import { randomUUID } from 'node:crypto';
import { expect, test } from './support/failure-report';
import type { Page } from '@playwright/test';
import { signIn, signInAfresh } from './support/admin';
import { expectNoSeriousA11yViolations } from './support/axe';
import { addVirtualAuthenticator } from './support/passkeys';

/**
 * Issue 36 in the browser: the owner invites a catalogue editor, who chooses a password through the
 * link, makes a passkey at the first sign-in (Chromium's virtual authenticator), signs in with it,
 * and is offered the catalogue only; the owner then signs the editor out everywhere, and the
 * editor's next action shows the login.
 */

async function submitPassword(page: Page, username: string, password: string) {
  await page.goto('/admin');
  await page.getByLabel('Username', { exact: true }).fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Access Admin Panel' }).click();
}

test('an invited catalogue editor joins, sees no orders or staff, and is signed out when the owner says so', async ({ page, browser }) => {
  // Each fresh sign-in of the owner waits for an authenticator code of a time step (30 s) no other
  // worker has used: two of them may take a minute of real time before anything else is done.
  test.setTimeout(120_000);
  const suffix = randomUUID().slice(0, 8);
  const email = `cleo-${suffix}@orx.test`;
  // A name of this run's own: the staff list keeps every member an earlier run invited.
  const name = `Cleo ${suffix}`;
  const password = 'Cleo-chooses-a-long-password';

  await signIn(page);
  await page.getByRole('tab', { name: 'Staff' }).click();
  // A name that would turn the text around it (U+202E) is refused with the rule, and nobody is invited.
  await page.getByLabel('Name', { exact: true }).fill('Cleo \u202Erotide');
  await page.getByLabel('E-mail', { exact: true }).fill(email);
  await page.getByRole('button', { name: 'Invite', exact: true }).click();
  await expect(page.getByRole('region', { name: 'Invite a member' }).getByRole('alert')).toHaveText('A name must be plain text on one line: no control, direction-changing or invisible-only characters');
  await expect(page.getByText(`${email} · Invited`)).toHaveCount(0);
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByLabel('E-mail', { exact: true }).fill(email);
  await page.getByLabel('Role', { exact: true }).selectOption('catalogue');
  await page.getByRole('button', { name: 'Invite', exact: true }).click();
  const link = await page.getByRole('textbox', { name: 'Invitation link' }).inputValue();
  expect(link).toMatch(/\/admin\/invite#[A-Za-z0-9_-]{43}$/);
  await expect(page.getByText(name, { exact: true })).toBeVisible();
  await expect(page.getByText(`${email} · Invited`)).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // The editor, in a browser of their own.
  const editorContext = await browser.newContext();
  const editor = await editorContext.newPage();
  await editor.goto(`/admin/invite${new URL(link).hash}`);
  await expect(editor.getByText(`Welcome, ${name}. You join as Catalogue`)).toBeVisible();
  await editor.getByLabel('Password', { exact: true }).fill(password);
  await editor.getByLabel('Confirm password', { exact: true }).fill(password);
  await editor.getByRole('button', { name: 'Set password' }).click();
  await expect(editor.getByRole('status')).toHaveText(`Your password is set. Sign in as ${email}.`);
  expect(new URL(editor.url()).hash).toBe('');

  // The first sign-in asks for a second factor: the editor makes a passkey, then keeps the recovery codes.
  const authenticator = await addVirtualAuthenticator(editor);
  await submitPassword(editor, email, password);
  await expect(editor.getByRole('heading', { name: 'Set up a second factor' })).toBeVisible();
  await editor.getByRole('button', { name: 'Use a passkey' }).click();
  await expect(editor.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem')).toHaveCount(10);
  await editor.getByRole('button', { name: 'I have saved these codes' }).click();
  await expect(editor.getByRole('heading', { name: 'Admin Panel' })).toBeVisible();
  const [passkey] = await authenticator.credentials();
  expect(passkey).toMatchObject({ rpId: 'localhost', isResidentCredential: true });

  // Signed out and in again, the passkey is the second factor. The login shows once the session
  // has ended: a new page asked before that would cancel the sign-out on its way.
  await editor.getByRole('button', { name: 'Sign Out' }).click();
  await expect(editor.getByRole('button', { name: 'Access Admin Panel' })).toBeVisible();
  await submitPassword(editor, email, password);
  await expect(editor.getByRole('heading', { name: 'Confirm it is you' })).toBeVisible();
  await editor.getByRole('button', { name: 'Use your passkey' }).click();
  await expect(editor.getByRole('heading', { name: 'Admin Panel' })).toBeVisible();
  expect((await authenticator.credentials())[0]!.signCount).toBeGreaterThan(passkey!.signCount);

  await expect(editor.getByText(`${name} · Catalogue`)).toBeVisible();
  await expect(editor.getByRole('tab', { name: 'Watches' })).toBeVisible();
  await expect(editor.getByRole('heading', { name: /^Watch Collection \(\d+\)$/ })).toBeVisible();
  await expect(editor.getByRole('tab', { name: 'Orders' })).toHaveCount(0);
  await expect(editor.getByRole('tab', { name: 'Staff' })).toHaveCount(0);
  await expect(editor.getByRole('tab', { name: 'Activity' })).toHaveCount(0);

  // The owner signs the editor out everywhere.
  await page.reload();
  await page.getByRole('tab', { name: 'Staff' }).click();
  await page.getByRole('button', { name: `Sign out ${name} (${email}) everywhere` }).click();
  await expect(page.getByText('1 session(s) ended.')).toBeVisible();

  // The editor's next action finds the session ended, and the page asks for the login.
  await editor.getByRole('searchbox', { name: 'Search watches' }).fill('Rolex');
  await expect(editor.getByRole('button', { name: 'Access Admin Panel' })).toBeVisible();
  await editorContext.close();
});

test('a member sees their sessions and ends one elsewhere, whose next action then shows the login', async ({ page, browser }) => {
  // Each fresh sign-in of the owner waits for an authenticator code of a time step (30 s) no other
  // worker has used: two of them may take a minute of real time before anything else is done.
  test.setTimeout(120_000);
  // Other tests sign in as the owner at the same time: this browser is told apart by its name.
  const other = await browser.newContext({ userAgent: `Elsewhere Browser ${randomUUID().slice(0, 8)}` });
  const elsewhere = await other.newPage();
  const device = await elsewhere.evaluate(() => navigator.userAgent);
  await signInAfresh(elsewhere);
  await signIn(page);
  await page.getByRole('tab', { name: 'Account' }).click();
  await expect(page.getByRole('heading', { name: 'Your account' })).toBeVisible();
  await expect(page.getByText('This browser')).toBeVisible();
  const otherSession = page.getByRole('listitem').filter({ hasText: device });
  await otherSession.getByRole('button', { name: 'Sign out' }).click();
  await expect(otherSession.getByText('Ended')).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await elsewhere.getByRole('tab', { name: 'Account' }).click();
  await expect(elsewhere.getByRole('button', { name: 'Access Admin Panel' })).toBeVisible();
  await other.close();
});
