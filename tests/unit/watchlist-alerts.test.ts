import fs from 'node:fs';
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { NextRequest } from 'next/server';
import { afterAll, beforeAll, beforeEach, expect, it, vi } from 'vitest';
import { DELETE as removeItem } from '@/app/api/watchlist/[id]/route';
import { POST as confirmPost } from '@/app/api/watchlist/confirm/route';
import { GET as listGet, POST as subscribePost } from '@/app/api/watchlist/route';
import { POST as unsubscribePost } from '@/app/api/watchlist/unsubscribe/route';
import type { Watch } from '@/lib/catalog/types';
import { runBackgroundWork } from '@/lib/jobs/background-work';
import { getStores } from '@/lib/shop/stores';
import { watchlistStore } from '@/lib/watchlist/server-store';
import { closeEmbeddedDatabase } from '@/lib/db/embedded';
import { prepareEmbeddedAdminEnvironment } from '../support/embedded-admin-env';
import { createContractWatch, intentInput, placedIntent, restock, settledFinal } from '../support/intents';
import { startSmtpReceiver, type SmtpReceiver } from '../support/smtp-receiver';
import { base58 } from '../support/store-targets';
import { walletSessionCookie } from '../support/wallet-session';

/**
 * Issue 52 end to end on the server: the routes a page calls, the worker's passes
 * (runBackgroundWork, as the loop and POST /api/jobs/settle run them) and a real SMTP server
 * (smtp-server, messages parsed with mailparser), on the embedded database.
 */

const SITE = 'http://shop.test';
let smtp: SmtpReceiver;
let dataDir: string;
const run = randomUUID().slice(0, 8);
let count = 0;
const address = () => `collector.${run}.${(count += 1)}@example.com`;

beforeAll(async () => {
  smtp = await startSmtpReceiver();
  dataDir = await prepareEmbeddedAdminEnvironment('watchlist', 'unused-password', {
    SMTP_URL: smtp.url,
    MAIL_FROM: 'ORX <alerts@orx.example>',
    SITE_URL: SITE,
  });
});

afterAll(async () => {
  await closeEmbeddedDatabase(dataDir);
  fs.rmSync(dataDir, { recursive: true, force: true });
  await smtp.close();
});

beforeEach(() => {
  smtp.messages.length = 0;
});

const request = (url: string, init: { method?: string; body?: string; headers?: Record<string, string> } = {}) =>
  new NextRequest(url, {
    method: init.method ?? 'POST',
    body: init.body,
    headers: { host: 'shop.test', origin: SITE, 'content-type': 'application/json', 'x-forwarded-for': `198.51.100.${(count % 250) + 1}`, ...init.headers },
  });
const ask = async (body: unknown, cookie?: string) => {
  const response = await subscribePost(request(`${SITE}/api/watchlist`, { body: JSON.stringify(body), headers: cookie ? { cookie } : {} }));
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
};
const to = (email: string) => smtp.messages.filter((mail) => mail.to && 'text' in mail.to && mail.to.text === email);
/** The message's RFC 8058 headers, as written (unfolded). */
const unsubscribeHeaders = (mail: SmtpReceiver['messages'][number]) =>
  Object.fromEntries(
    mail.headerLines.filter((line) => line.key.startsWith('list-unsubscribe')).map((line) => [line.key, line.line.slice(line.line.indexOf(':') + 1).replace(/\r\n/g, '').trim()]),
  );
/** The token of a link of this kind in the message's text. */
const tokenIn = (text: string, kind: 'confirm' | 'unsubscribe') => decodeURIComponent(new RegExp(`/watchlist/${kind}\\?token=([^\\s\\]\\)>]+)`).exec(text)![1]!);
const confirmFrom = async (email: string) => {
  const [confirmation] = to(email);
  const response = await confirmPost(request(`${SITE}/api/watchlist/confirm`, { body: JSON.stringify({ token: tokenIn(confirmation!.text!, 'confirm') }) }));
  expect(response.status).toBe(200);
};
const watchOf = (stock: number, brand = `Watchlist ${run}`) =>
  createContractWatch(getStores().catalog, brand, 'watchlist alerts', { model: `Piece ${randomUUID().slice(0, 6)}`, stock });
const priced = (watch: Watch, priceSol: number) => getStores().catalog.update(watch.id, { ...watch, price_sol: priceSol }, watch.stock);
/** The worker's pass, as the loop and POST /api/jobs/settle run it. */
const pass = () => runBackgroundWork();

it('an e-mail watcher is sent only the confirmation until it confirms, then exactly one back-in-stock e-mail', async () => {
  const watch = await watchOf(0);
  const email = address();
  expect(await ask({ watchId: watch.id, email })).toEqual({
    status: 202,
    body: { state: 'confirm', message: expect.stringContaining(`confirm from our e-mail to ${email}, and we will tell you when it is available again.`) },
  });
  expect((await ask({ watchId: watch.id, email: email.toUpperCase() })).status).toBe(202);
  await pass();
  const [confirmation, ...more] = to(email);
  expect(more).toEqual([]);
  expect(confirmation!.subject).toBe('Confirm your ORX alerts');
  expect(confirmation!.text).toContain(`when the ${watch.brand} ${watch.model} is available again, or its price drops`);
  expect(unsubscribeHeaders(confirmation!)).toEqual({
    'list-unsubscribe': expect.stringMatching(new RegExp(`^<${SITE}/api/watchlist/unsubscribe\\?token=[^>]+>$`)),
    'list-unsubscribe-post': 'List-Unsubscribe=One-Click',
  });

  // Unconfirmed: the piece comes back and nothing is sent.
  const back = await restock(getStores().catalog, watch, 1);
  await pass();
  expect(to(email)).toHaveLength(1);
  await restock(getStores().catalog, back, 0);
  await pass();

  await confirmFrom(email);
  await restock(getStores().catalog, (await getStores().catalog.get(watch.id))!, 2);
  const written = Date.now();
  await pass();
  await pass();
  const alerts = to(email).slice(1);
  expect(alerts.map((mail) => mail.subject)).toEqual([`Back in stock: ${watch.brand} ${watch.model}`]);
  expect(alerts[0]!.text).toContain(`${SITE}/watches/${watch.id}`);
  expect(alerts[0]!.text).toContain('can be bought again, at 10 SOL');
  expect(unsubscribeHeaders(alerts[0]!)['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
  await pass();
  expect(to(email)).toHaveLength(2);
  // From the stock added to the e-mail received, with the worker's pass run at once: the loop's
  // interval (SETTLEMENT_INTERVAL_S) adds at most its length on a server.
  console.info(`watchlist: stock added -> back-in-stock e-mail in ${alerts[0]!.receivedAt - written} ms (one worker pass)`);
});

it('a piece held by another buyer is one back-in-stock e-mail when the hold expires', async () => {
  const watch = await watchOf(1);
  const hold = await placedIntent(getStores().orders, intentInput(watch));
  const email = address();
  await ask({ watchId: watch.id, email });
  await pass();
  await confirmFrom(email);
  await pass();
  expect(to(email)).toHaveLength(1);
  // As the settlement job records an intent whose time ran out.
  await getStores().orders.settle(hold.id, { status: 'expired', txHash: null, refundDue: false });
  await pass();
  await pass();
  expect(to(email).slice(1).map((mail) => mail.subject)).toEqual([`Back in stock: ${watch.brand} ${watch.model}`]);
});

it('a 5 % cut is one price-drop e-mail and a 4 % cut none; two passes at once send it once', async () => {
  const [five, four] = [await watchOf(2), await watchOf(2)];
  const email = address();
  await ask({ watchId: five.id, email });
  await ask({ watchId: four.id, email });
  await pass();
  expect(to(email)).toHaveLength(1);
  await confirmFrom(email);

  await priced(five, 9.5);
  await priced(four, 9.6);
  await Promise.all([pass(), pass()]);
  const alerts = to(email).slice(1);
  expect(alerts.map((mail) => mail.subject)).toEqual([`Price drop: ${five.brand} ${five.model}`]);
  expect(alerts[0]!.text).toContain('is now 9.5 SOL');
  expect(alerts[0]!.text).toContain('down from 10 SOL');
});

it('a new watch matching a saved search is one new-match e-mail', async () => {
  const brand = `Saved ${run}`;
  const email = address();
  expect(await ask({ search: `/watches?brand=${encodeURIComponent(brand)}&sort=newest&page=2`, email })).toMatchObject({ status: 202 });
  await pass();
  expect(to(email)[0]!.text).toContain(`when a new watch matches the search “Watches · ${brand}”`);
  await confirmFrom(email);
  const match = await watchOf(1, brand);
  await watchOf(1, `${brand} Else`);
  await pass();
  await pass();
  const alerts = to(email).slice(1);
  expect(alerts.map((mail) => mail.subject)).toEqual([`New match: ${match.brand} ${match.model}`]);
  expect(alerts[0]!.text).toContain(`${SITE}/watches?brand=${brand.replace(' ', '+')}`);
});

it('the one-click POST stops every alert and deletes the address', async () => {
  const watch = await watchOf(0);
  const email = address();
  await ask({ watchId: watch.id, email });
  await pass();
  await confirmFrom(email);
  await restock(getStores().catalog, watch, 1);
  await pass();
  const [, alert] = to(email);
  const token = tokenIn(alert!.text!, 'unsubscribe');
  // What a mail client's Unsubscribe button does: POST to the List-Unsubscribe URL (RFC 8058).
  const oneClickUrl = unsubscribeHeaders(alert!)['list-unsubscribe']!.slice(1, -1);
  const oneClick = () =>
    unsubscribePost(
      new Request(oneClickUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'List-Unsubscribe=One-Click',
      }),
    );
  expect((await oneClick()).status).toBe(200);
  expect(await (await oneClick()).json()).toMatchObject({ forgotten: true });
  const watcherId = token.split('.')[0]!;
  expect(await watchlistStore().ofWatcher(watcherId)).toBeNull();
  await restock(getStores().catalog, (await getStores().catalog.get(watch.id))!, 0);
  await pass();
  await restock(getStores().catalog, (await getStores().catalog.get(watch.id))!, 1);
  await pass();
  expect(to(email)).toHaveLength(2);
  // A forged or reused confirmation token is not an unsubscribe link.
  const forged = await unsubscribePost(new Request(`${SITE}/api/watchlist/unsubscribe?token=${watcherId}.AAAA`, { method: 'POST' }));
  expect(forged.status).toBe(404);
});

it('a signed-in wallet with purchases watches in one press, sees it under Watchlist and removes it', async () => {
  const wallet = base58(44);
  const cookie = await walletSessionCookie(wallet);
  const watch = await watchOf(2);
  expect(await ask({ watchId: watch.id }, cookie)).toEqual({ status: 422, body: { error: expect.any(String), emailNeeded: true } });
  const order = await placedIntent(getStores().orders, intentInput(watch, { wallet, email: `wallet.${run}@example.com` }));
  await settledFinal(getStores().orders, order.id, { status: 'paid', txHash: base58(88), wallet, paidAt: new Date() });
  expect(await ask({ watchId: watch.id, below: '9' }, cookie)).toEqual({
    status: 202,
    body: { state: 'watching', message: `Done: we will e-mail wallet.${run}@example.com when its price drops by 5 % or more. The piece is under My Orders › Watchlist.` },
  });

  const list = await listGet(request(`${SITE}/api/watchlist`, { method: 'GET', headers: { cookie } }));
  const body = (await list.json()) as { email: string; pieces: { id: string; watchId: string; below: string }[] };
  expect(body).toMatchObject({ email: `wallet.${run}@example.com`, pieces: [{ watchId: watch.id, below: '9.000000000' }] });
  const id = body.pieces[0]!.id;
  const remove = (withCookie: string) => removeItem(request(`${SITE}/api/watchlist/${id}`, { method: 'DELETE', headers: { cookie: withCookie } }), { params: Promise.resolve({ id }) });
  expect((await remove(await walletSessionCookie(base58(44)))).status).toBe(404);
  expect((await remove(cookie)).status).toBe(204);
  expect((await listGet(request(`${SITE}/api/watchlist`, { method: 'GET', headers: { cookie } }))).status).toBe(200);
  expect((await listGet(request(`${SITE}/api/watchlist`, { method: 'GET' }))).status).toBe(401);
});

it('without a mail server no one is asked to confirm', async () => {
  const watch = await watchOf(0);
  vi.stubEnv('SMTP_URL', '');
  vi.stubEnv('MAIL_FROM', '');
  try {
    expect(await ask({ watchId: watch.id, email: address() })).toMatchObject({ status: 404, body: { error: 'E-mail alerts are not available on this shop.' } });
  } finally {
    vi.unstubAllEnvs();
  }
});

it('never answers 5xx, whatever is sent, and refuses what it cannot use with a message', async () => {
  const watch = await watchOf(0);
  const body = fc.oneof(
    fc.anything(),
    fc.record(
      {
        watchId: fc.oneof(fc.constant(watch.id), fc.uuid(), fc.string()),
        email: fc.oneof(fc.emailAddress(), fc.string({ maxLength: 300 }), fc.constant(`${'a'.repeat(250)}@example.com`)),
        below: fc.oneof(fc.string(), fc.constant('0'), fc.constant('999999999.999999999'), fc.constant('1e9')),
      },
      { requiredKeys: [] },
    ),
    fc.record({ search: fc.oneof(fc.string({ maxLength: 2100 }), fc.constant('/watches?q=' + 'x'.repeat(101)), fc.constant(`/watches?q=${'%F0%9F%98%80'.repeat(100)}`), fc.webPath()), email: fc.emailAddress() }),
  );
  await fc.assert(
    fc.asyncProperty(body, async (value) => {
      const response = await subscribePost(
        request(`${SITE}/api/watchlist`, { body: JSON.stringify(value) ?? 'null', headers: { 'x-forwarded-for': `203.0.113.${Math.floor(Math.random() * 250) + 1}` } }),
      );
      expect(response.status).toBeLessThan(500);
      if (response.status >= 400) expect(((await response.json()) as { error?: string }).error).toEqual(expect.any(String));
    }),
    { numRuns: 150 },
  );
  expect((await ask({ watchId: watch.id, email: 'a@b.c, victim@example.com' })).status).toBe(400);
  expect((await ask({ watchId: randomUUID(), email: address() })).status).toBe(404);
  expect((await ask({ search: '/admin', email: address() })).status).toBe(400);
});
