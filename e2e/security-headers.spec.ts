import { createHash } from 'node:crypto';
import { expect, test } from './support/failure-report';
import type { APIRequestContext, Page } from '@playwright/test';
import { Connection, LAMPORTS_PER_SOL, PublicKey } from '@solana/web3.js';
import { signIn } from './support/admin';
import { test as shopperTest } from './support/shopper';
import { card } from './support/catalog';
import { E2E_CERTIFICATE_AUTHORITY } from './support/checkout-keys';
import { expectNoViolations, watchCspViolations } from './support/csp';
import { CHECKOUT_SHOP_URL, LOCAL_CHAIN_URL, PRICE_SERVICE_URL } from './support/servers';
import { TEST_WALLET_NAME, TestWallet } from './support/test-wallet';

/**
 * The security headers of issue 13 on a production build, and the shop working under its enforced
 * Content-Security-Policy: pages, the wallet modal, a purchase in both payment modes, the admin
 * panel, each without a single violation.
 */

/** An available watch of the demo catalogue (supabase/seed.sql) no other spec buys. */
const WATCH = { model: 'Seamaster Diver 300M', priceSol: 43.57 };
const SHIPPING = {
  'Full Name': 'Grace Hopper',
  'Phone Number': '+1 212 555 0100',
  Email: 'grace@example.com',
  'Delivery Address': '1 Navy Yard, Arlington VA',
};

async function watchPagePath(request: APIRequestContext): Promise<string> {
  const match = (await (await request.get('/watches')).text()).match(/href="(\/watches\/[0-9a-f-]{36})"/);
  if (!match?.[1]) throw new Error('No watch page link on /watches');
  return match[1];
}

function directive(policy: string, name: string): string[] {
  const found = policy.split('; ').find((each) => each.startsWith(`${name} `));
  return found?.split(' ').slice(1) ?? [];
}

function expectSecurityHeaders(headers: Record<string, string>, what: string) {
  const policy = headers['content-security-policy'] ?? '';
  expect(directive(policy, 'script-src'), what).toEqual(expect.arrayContaining(["'strict-dynamic'"]));
  expect(directive(policy, 'frame-ancestors'), what).toEqual(["'none'"]);
  expect(directive(policy, 'object-src'), what).toEqual(["'none'"]);
  expect(headers['content-security-policy-report-only'], what).toBeUndefined();
  expect(headers['x-frame-options'], what).toBe('DENY');
  expect(headers['x-content-type-options'], what).toBe('nosniff');
  expect(headers['referrer-policy'], what).toBe('strict-origin-when-cross-origin');
  expect(headers['permissions-policy'], what).toContain('camera=()');
  // ORX's server (dist/server.mjs) runs in production.
  expect(headers['strict-transport-security'], what).toBe('max-age=31536000; includeSubDomains');
}

const PAGES = ['/', '/brands', '/watches', '/featured', '/crypto-editions', '/admin', '/admin/upload', '/no-such-page'];

test('every page, API answer and static file carries the headers, and every script of a page is allowed by its policy', async ({ request }) => {
  // /brands again: the repeats come from the document cache, and still each with its own nonce.
  const pages = [...PAGES, await watchPagePath(request), '/brands', '/brands'];
  const nonces = new Set<string>();
  for (const [index, path] of pages.entries()) {
    const response = await request.get(path);
    const headers = response.headers();
    expectSecurityHeaders(headers, path);
    if (index >= pages.length - 2) expect(['hit', 'stale'], 'served from the document cache').toContain(headers['x-document-cache']);
    const policy = headers['content-security-policy']!;
    const nonce = /'nonce-([^']+)'/.exec(policy)?.[1];
    expect(nonce, path).toBeDefined();
    nonces.add(nonce!);
    // Each script carries this response's nonce, or is inline with its hash in the policy, and no
    // other nonce appears anywhere: not a cached rendering's, not another response's.
    const html = await response.text();
    for (const [, other] of `${html} ${headers.link ?? ''}`.matchAll(/nonce="([^"]*)"/g)) expect(other, path).toBe(nonce);
    const scripts = [...html.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)].filter(([, attributes]) => !/type="application\/ld\+json"/.test(attributes!));
    expect(scripts.length, path).toBeGreaterThan(0);
    for (const [, attributes, body] of scripts) {
      if (attributes!.includes(`nonce="${nonce}"`)) continue;
      expect(attributes, `${path}: a script without the nonce`).not.toContain('src=');
      expect(policy, `${path}: ${body!.slice(0, 60)}`).toContain(`'sha256-${createHash('sha256').update(body!).digest('base64')}'`);
    }
  }
  expect(nonces.size, 'a new nonce per response').toBe(pages.length);

  const apiAnswers = [
    await request.get('/api/sol-price'),
    await request.get('/api/wallet-config'),
    await request.get('/api/admin/orders'),
    await request.post('/api/orders', { data: {} }),
  ];
  for (const response of apiAnswers) expectSecurityHeaders(response.headers(), response.url());

  // The build's files and public/'s, which ORX's server sends itself (lib/front-door/static-files.ts).
  const home = await (await request.get('/')).text();
  const stylesheet = home.match(/href="(\/_next\/static\/[^"]+\.css)"/)?.[1];
  const script = home.match(/src="(\/_next\/static\/chunks\/[^"]+\.js)"/)?.[1];
  expect(stylesheet).toBeDefined();
  expect(script).toBeDefined();
  for (const file of [stylesheet!, script!, '/images/brands/rolex.svg']) expectSecurityHeaders((await request.get(file)).headers(), file);
  // As the build compressed it (scripts/precompress-static.mjs), for a browser that takes brotli.
  expect((await request.get(script!, { headers: { 'accept-encoding': 'br, gzip' } })).headers()['content-encoding']).toBe('br');
});

test("the wallet's RPC endpoint and its WebSocket are allowed, as the server is configured at run time", async ({ request }) => {
  const policy = (await request.get(`${CHECKOUT_SHOP_URL}/`)).headers()['content-security-policy']!;
  const chain = new URL(LOCAL_CHAIN_URL);
  expect(directive(policy, 'connect-src')).toEqual(
    expect.arrayContaining(["'self'", chain.origin, `ws://${chain.hostname}:${chain.port}`, `ws://${chain.hostname}:${Number(chain.port) + 1}`]),
  );
  // The other shop keeps the default, Devnet.
  expect(directive((await request.get('/')).headers()['content-security-policy']!, 'connect-src')).toEqual(
    expect.arrayContaining(['https://api.devnet.solana.com', 'wss://api.devnet.solana.com']),
  );
});

test('another site cannot frame the admin panel', async ({ page }) => {
  const refusals: string[] = [];
  page.on('console', (message) => {
    if (message.text().includes('frame-ancestors')) refusals.push(message.text());
  });
  await page.goto(`${PRICE_SERVICE_URL}/health`);
  await page.evaluate((src) => {
    const frame = document.createElement('iframe');
    frame.src = src;
    document.body.append(frame);
  }, new URL('/admin', test.info().project.use.baseURL).href);
  await expect.poll(() => refusals.length).toBeGreaterThan(0);
  const framed = page.frames().find((frame) => frame !== page.mainFrame());
  await expect(framed!.getByRole('button', { name: 'Access Admin Panel' })).toHaveCount(0);
});

test('the shop pages render and hydrate under the policy, without a violation', async ({ page, request }) => {
  const violations = await watchCspViolations(page);
  for (const path of ['/', '/brands', '/watches', '/featured', '/crypto-editions', await watchPagePath(request)]) {
    // Observed, not pressed: every script of the page has run under the policy.
    await page.goto(path, { waitUntil: 'networkidle' });
    await expect(page.getByRole('banner')).toBeVisible();
  }
  // A client-side navigation works, and the watch dialog opens, pressed at once.
  await page.goto('/', { waitUntil: 'commit' });
  await page.getByRole('banner').getByRole('link', { name: 'All Watches', exact: true }).click();
  await expect(page).toHaveURL(/\/watches$/);
  // A listing shows 24 of its watches: the search brings this one to the first page.
  await page.getByPlaceholder('Search watches...').fill('Daytona');
  await expect(page).toHaveURL(/[?&]q=Daytona/);
  await card(page, 'Cosmograph Daytona').getByText('The chronograph that defined endurance racing', { exact: false }).click();
  await expect(page.getByRole('dialog', { name: 'Cosmograph Daytona' })).toBeVisible();
  expectNoViolations(violations);
});

async function connect(page: Page, wallet: TestWallet, origin = '') {
  await page.goto(`${origin}/`, { waitUntil: 'commit' });
  await page.getByRole('banner').getByRole('button', { name: 'Select Wallet' }).click();
  const modal = page.getByRole('dialog');
  await expect(modal.getByRole('heading', { name: /Connect a wallet on Solana/ })).toBeVisible();
  await modal.getByRole('button', { name: `${TEST_WALLET_NAME} Detected` }).click();
  await expect(page.getByRole('banner').getByRole('button', { name: `${wallet.address.slice(0, 4)}...${wallet.address.slice(-4)}` })).toBeVisible();
}

async function buy(page: Page, origin = '', model = WATCH.model) {
  // A listing shows 24 of its watches: the search brings this one to the first page.
  await page.goto(`${origin}/watches?${new URLSearchParams({ q: model })}`, { waitUntil: 'commit' });
  const card = page.getByRole('article').filter({ has: page.getByRole('heading', { name: model, exact: true }) });
  await card.getByRole('button', { name: 'Buy with SOL' }).click();
  const dialog = page.getByRole('dialog', { name: `Buy the ${model}` });
  for (const [label, value] of Object.entries(SHIPPING)) await dialog.getByLabel(label, { exact: true }).fill(value);
  await dialog.getByRole('button', { name: `Pay ${WATCH.priceSol} SOL` }).click();
  await expect(page.getByRole('dialog', { name: 'Payment Complete!' })).toBeVisible({ timeout: 30_000 });
}

test('the wallet modal, and a simulated purchase to Payment Complete!, without a violation', async ({ page }) => {
  test.setTimeout(90_000);
  const violations = await watchCspViolations(page);
  const wallet = new TestWallet({ lamports: 100 * LAMPORTS_PER_SOL });
  await wallet.install(page);
  await connect(page, wallet);
  await buy(page);
  // The balance check went to the RPC endpoint, from the page.
  expect(wallet.rpcCalls.map((call) => call.method)).toContain('getBalance');
  expectNoViolations(violations);
});

// On the checkout shop, as a shopper of its own buying a piece of its own (e2e/support/shopper.ts).
shopperTest('a purchase paid on the local chain, verified and certified, without a violation', async ({ page, watchOfItsOwn }) => {
  shopperTest.setTimeout(90_000);
  const watch = await watchOfItsOwn(WATCH.model, CHECKOUT_SHOP_URL);
  const chain = new Connection(LOCAL_CHAIN_URL, 'confirmed');
  const wallet = new TestWallet({ rpcUrl: LOCAL_CHAIN_URL });
  for (const address of [wallet.address, E2E_CERTIFICATE_AUTHORITY.publicKey.toBase58()]) {
    await chain.requestAirdrop(new PublicKey(address), 100 * LAMPORTS_PER_SOL);
  }
  await expect.poll(() => chain.getBalance(new PublicKey(wallet.address))).toBeGreaterThan(0);
  const violations = await watchCspViolations(page);
  await wallet.install(page);
  await connect(page, wallet, CHECKOUT_SHOP_URL);
  await buy(page, CHECKOUT_SHOP_URL, watch.model);
  await expect(page.getByTestId('certificate-mint')).toBeVisible({ timeout: 30_000 });
  expectNoViolations(violations);
});

test('the admin panel signs in and shows its watches and orders, without a violation', async ({ page }) => {
  const violations = await watchCspViolations(page);
  await signIn(page);
  await expect(page.getByRole('heading', { name: /^Watch Collection \(\d+\)$/ })).toBeVisible();
  await page.getByRole('button', { name: 'Add New Watch' }).click();
  await expect(page.getByRole('dialog', { name: 'Add New Watch' })).toBeVisible();
  await page.keyboard.press('Escape');
  await page.getByRole('tab', { name: 'Orders' }).click();
  await expect(page.getByRole('tabpanel', { name: 'Orders' })).toBeVisible();
  await page.goto('/admin/upload', { waitUntil: 'commit' });
  await expect(page.getByRole('dialog', { name: 'Add New Watch' }).getByRole('button', { name: 'Upload photos' })).toBeVisible();
  expectNoViolations(violations);
});
