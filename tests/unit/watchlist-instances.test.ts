import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { deliverDueAlerts } from '@/lib/watchlist/deliver';
import { PRICE_DROP_STEP } from '@/lib/watchlist/types';
import { contractSuite, restock } from '../support/intents';
import { startSmtpReceiver, type SmtpReceiver } from '../support/smtp-receiver';
import { runOnEveryStore, type Target } from '../support/store-targets';

/**
 * Issue 52: two instances sending the watchlist's e-mails at the same moment, to a real SMTP server
 * (smtp-server): every confirmation and every alert arrives once. On the PostgreSQL server the two
 * claims contest real row locks, each on connections of its own, as two servers' would.
 */

let smtp: SmtpReceiver;
beforeAll(async () => {
  smtp = await startSmtpReceiver();
});
afterAll(async () => {
  await smtp.close();
});

function twoInstances(target: Target) {
  const run = randomUUID().slice(0, 8);
  const { opened, watchWith } = contractSuite(target, `Two senders ${run}`, 'watchlist instances');

  it('two instances delivering at once send each confirmation and each alert once', async () => {
    const { watchlist, throttle, catalog } = opened.stores;
    const instance = (owner: string) =>
      deliverDueAlerts({
        store: watchlist,
        throttle,
        mail: { smtpUrl: smtp.url, from: 'ORX <alerts@orx.example>', simulatedOrders: false },
        site: new URL('http://shop.test'),
        sessionSecret: 'a-session-secret-for-the-two-instances-test',
        owner,
        log: () => {},
      });
    const watch = await watchWith(0);
    const emails = Array.from({ length: 8 }, (_, index) => `twin.${run}.${index}@example.com`);
    for (const email of emails) await watchlist.watchPiece({ email, wallet: null, confirmed: false }, watch.id, null);
    await Promise.all([instance('instance-a'), instance('instance-b')]);
    const mine = () => smtp.messages.filter((mail) => mail.to && 'text' in mail.to && emails.includes(mail.to.text));
    expect(mine().map((mail) => mail.subject)).toEqual(emails.map(() => 'Confirm your ORX alerts'));

    for (const mail of mine()) {
      const token = decodeURIComponent(/\/watchlist\/confirm\?token=([^\s\]]+)/.exec(mail.text!)![1]!);
      expect(await watchlist.confirm(token.split('.')[0]!)).toBe(1);
    }
    await restock(catalog, watch, 1);
    await Promise.all([watchlist.queue(PRICE_DROP_STEP), watchlist.queue(PRICE_DROP_STEP)]);
    await Promise.all([instance('instance-a'), instance('instance-b')]);
    const alerts = mine().slice(emails.length);
    expect(alerts.map((mail) => mail.subject).sort()).toEqual(emails.map(() => `Back in stock: ${watch.brand} ${watch.model}`));
    expect(new Set(alerts.map((mail) => (mail.to && 'text' in mail.to ? mail.to.text : ''))).size).toBe(emails.length);
  });
}

runOnEveryStore(twoInstances);
