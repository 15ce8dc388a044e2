import { randomUUID } from 'node:crypto';
import { expect, test } from './support/failure-report';
import { signIn } from './support/admin';
import { expectNoSeriousA11yViolations } from './support/axe';
import { placeOrder } from './support/orders';
import { ADMIN_WEBHOOK_PORT } from './support/servers';
import { startWebhookReceiver, WEBHOOK_TEST_SECRET } from '../tests/support/webhook-receiver';

/**
 * Issue 22 in the admin panel: the admin shop sends its order events to a webhook endpoint this
 * test runs (verifying every request with the Standard Webhooks library). The endpoint first
 * answers 410 Gone for this test's order, so its delivery fails at once; the operator sees it,
 * the endpoint is fixed, Resend delivers it.
 */

type Payload = { type: string; data: { name: string } };

test('the operator sees a failed webhook delivery, resends it once the endpoint is back, and sees it delivered', async ({ page }) => {
  // Another copy of this test, on the other worker, may hold the shop's one webhook address: this
  // one waits for it first (startWebhookReceiver), and its own steps get the time they need after.
  test.setTimeout(180_000);
  const marker = `Hook${randomUUID().slice(0, 8)}`;
  const receiver = await startWebhookReceiver(WEBHOOK_TEST_SECRET, ADMIN_WEBHOOK_PORT);
  let endpointBroken = true;
  // Only this test's order is refused: the other admin specs' orders are welcome.
  receiver.answerBy((payload) => ((payload as Payload).data.name.startsWith(marker) && endpointBroken ? 410 : undefined));
  const mine = () => receiver.received.filter((hook) => (hook.payload as Payload | null)?.data.name.startsWith(marker));
  try {
    await signIn(page);
    await placeOrder(page, `${marker} Buyer`);
    await expect.poll(() => mine().length, { timeout: 20_000 }).toBe(1);

    await page.getByRole('tab', { name: 'Orders' }).click();
    const panel = page.getByRole('tabpanel', { name: 'Orders' });
    await panel.getByLabel('Name, e-mail or signature').fill(marker);
    await panel.getByRole('button', { name: 'Search' }).click();
    const card = panel.getByRole('article').filter({ hasText: `${marker} Buyer` });
    await expect(card.getByTestId('order-delivery-failed')).toHaveText('Message failed');

    await panel.getByRole('button', { name: `Manage order of ${marker} Buyer` }).click();
    const dialog = page.getByRole('dialog', { name: /^Order: / });
    const messages = dialog.getByRole('list', { name: 'Messages' });
    const webhook = messages.getByRole('listitem', { name: 'Simulated order, Webhook' });
    await expect(webhook.getByTestId('event-state')).toHaveText('Failed');
    await expect(webhook).toContainText('1 attempt, last answer 410');
    await expect(webhook.getByTestId('event-error')).toHaveText('The endpoint answered 410 Gone: no more attempts');
    // The admin shop sends no e-mail: the buyer's message is shown as not sent, and why.
    const email = messages.getByRole('listitem', { name: 'Simulated order, E-mail to the buyer' });
    await expect(email.getByTestId('event-state')).toHaveText('Not sent');
    await expect(email.getByTestId('event-error')).toHaveText('The channel is switched off');
    await expectNoSeriousA11yViolations(page);

    endpointBroken = false;
    await webhook.getByRole('button', { name: 'Resend: Simulated order, Webhook' }).click();
    await expect(webhook.getByTestId('event-state')).toHaveText('Delivered', { timeout: 15_000 });
    await expect(webhook).toContainText('1 attempt, last answer 200');
    await expect(webhook.getByRole('button', { name: /^Resend/ })).toHaveCount(0);
    expect(mine().map((hook) => [hook.status, hook.verified])).toEqual([
      [410, true],
      [200, true],
    ]);
    // The same event: the receiver can tell it is a repeat.
    expect(new Set(mine().map((hook) => hook.id)).size).toBe(1);

    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(card.getByTestId('order-delivery-failed')).toHaveCount(0);
  } finally {
    await receiver.close();
  }
});
