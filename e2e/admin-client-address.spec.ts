import { randomUUID } from 'node:crypto';
import { expect, test } from './support/failure-report';
import { signInAfresh } from './support/admin';

/**
 * Issue 47: with no proxy in front, the production server counts and records the address of the
 * socket a request came in on, never one the client wrote. A sign-in is the observable record: the
 * Account tab lists each session with the address the server saw (docs/security.md, "Sessions on
 * the server"), and one sign-in disturbs no limit the other specs on this shop need.
 */

const FORGED_FORWARDED = '203.0.113.47';
const FORGED_STAMP = '198.51.100.47';

test('a sign-in with a forged X-Forwarded-For and a forged socket stamp is recorded from the address the server saw', async ({ browser }) => {
  // A fresh sign-in of the owner waits for an authenticator code of a time step (30 s) no other
  // worker has used.
  test.setTimeout(90_000);
  // Other tests sign in as the owner at the same time: this browser is told apart by its name.
  const device = `Forging Browser ${randomUUID().slice(0, 8)}`;
  const context = await browser.newContext({
    userAgent: device,
    extraHTTPHeaders: { 'x-forwarded-for': FORGED_FORWARDED, 'x-orx-socket-address': FORGED_STAMP },
  });
  const page = await context.newPage();
  await signInAfresh(page);
  await page.getByRole('tab', { name: 'Account' }).click();
  // The sign-in may have made two sessions (the password typed again when another worker set the
  // owner's app up meanwhile, which ends the owner's other sessions): each is recorded the same way.
  const ofThisDevice = page.getByRole('listitem').filter({ hasText: device });
  const session = ofThisDevice.filter({ hasText: 'This browser' });
  await expect(session).toContainText('from 127.0.0.1');
  await expect(ofThisDevice.filter({ hasText: FORGED_FORWARDED })).toHaveCount(0);
  await expect(ofThisDevice.filter({ hasText: FORGED_STAMP })).toHaveCount(0);
  // Leaves no session of its own behind.
  await session.getByRole('button', { name: 'Sign out this browser' }).click();
  await expect(page.getByRole('button', { name: 'Access Admin Panel' })).toBeVisible();
  await context.close();
});
