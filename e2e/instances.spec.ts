import { expect, test } from './support/failure-report';
import { adminClient, type AdminClient } from '../scripts/support/admin-client';
import { expectedOf, shows, timeUntilShown, watchAtChange, type Expected } from '../scripts/support/catalogue-visibility';
import { aWatchPage, startProductionServer, type ProductionServer } from '../scripts/support/production-server';
import { startSupabaseStandIn, type SupabaseStandIn } from '../tests/support/supabase-stand-in-process';
import { cards, FIRST_PAGE, inPlace } from './support/catalog';

/**
 * Several instances, one truth (issue 23): two production servers in Supabase mode on one
 * database (the local PostgREST stand-in on PGlite; a hosted project cannot be reached from these
 * machines). Every admin change made through A shows on B's listing, watch page and /api/watches,
 * and from then on B's document cache never serves a rendering from before it.
 * The database going away leaves B serving what it has; B picks up changes again by itself.
 */

/**
 * A change not shown on B by then never will be: B reads the shared tags at most once a second
 * (shared-cache-tags.test.ts holds that on a clock of its own). How soon it shows, within 2 s, is
 * a speed budget: `npm run loadtest` with two instances holds it under a crowd
 * (scripts/support/two-instances.ts). Here, beside the suite's other jobs, which take the two
 * cores for seconds at a time, the times are reported, not judged.
 */
const SHOWN_AT_LATEST_MS = 15_000;
/** Loads of the listing once a change shows: it is kept in 12 renderings, each must have gone. */
const LISTING_LOADS = 15;

test.describe.configure({ mode: 'serial' });
test.setTimeout(240_000);

let standIn: SupabaseStandIn;
let a: ProductionServer;
let b: ProductionServer;
let bOutput = '';
let admin: AdminClient;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  standIn = await startSupabaseStandIn(2);
  [a, b] = await Promise.all([
    startProductionServer('instance-a', { env: standIn.settings(0), onOutput: () => {} }),
    startProductionServer('instance-b', { env: standIn.settings(1), onOutput: (text) => (bOutput += text) }),
  ]);
  admin = await adminClient(a.base, a.admin);
  // A new process's first renders are several times slower (code loaded and compiled on first
  // use): those are not what the bound is about.
  for (const server of [a, b]) {
    for (const path of ['/', '/brands', await aWatchPage(server.base), `/api/watches?brand=${encodeURIComponent(BRAND)}`]) {
      await (await fetch(`${server.base}${path}`)).text();
    }
  }
});

test.afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
  standIn?.stop();
});

const BRAND = 'Maison Instances';

const input = (change: number, available = true) => watchAtChange(BRAND, change, available);

/** Loads B's listing and the watch's page (if any) until both come from B's document cache. */
async function warmDocumentCache(id: string | null) {
  const listing = `/watches?brand=${encodeURIComponent(BRAND)}`;
  for (const path of id === null ? [listing] : [listing, `/watches/${id}`]) {
    await expect
      .poll(async () => (await fetch(`${b.base}${path}`)).headers.get('x-document-cache'), { timeout: 10_000 })
      .toBe('hit');
  }
}

test('20 changes through A each show on B, and B never serves a rendering from before them', async () => {
  const times: number[] = [];
  let id = '';
  let stock = 0;

  for (let change = 1; change <= 20; change++) {
    // Created, its price changed, sold out, on sale again at a new price, deleted; four rounds.
    const step = (change - 1) % 5;
    // B holds the renderings from before the change, so that serving them would be caught.
    await warmDocumentCache(step === 0 ? null : id);

    let expected: Expected;
    if (step === 0) {
      ({ id, stock } = await admin.create(input(change)));
      expected = expectedOf(id, input(change));
    } else if (step === 4) {
      await admin.remove(id);
      expected = { id, brand: BRAND, state: 'deleted' };
    } else {
      ({ stock } = await admin.update(id, input(change, step !== 2), stock));
      expected = expectedOf(id, input(change, step !== 2));
    }
    const answered = performance.now();
    const { shownAfterMs, last } = await timeUntilShown(b.base, expected, answered, SHOWN_AT_LATEST_MS);
    expect(shownAfterMs, `change ${change} (${expected.state}) shown on B: ${JSON.stringify(last)}`).not.toBeNull();
    times.push(shownAfterMs!);

    // From then on (so past the bound too), no load of B's document cache serves a rendering
    // from before: once B has read the tags, all of them are gone at once.
    for (let load = 0; load < LISTING_LOADS; load++) {
      const found = await shows(b.base, expected);
      expect(found, `change ${change}, load ${load + 1} after it showed`).toEqual({ listing: true, page: true, api: true });
    }
  }

  const sorted = [...times].sort((x, y) => x - y);
  const median = (sorted[9]! + sorted[10]!) / 2;
  const summary = `visibility on B over 20 changes: median ${Math.round(median)} ms, worst ${Math.round(sorted[19]!)} ms`;
  console.log(summary);
  test.info().annotations.push({ type: 'measurement', description: summary });
});

test('with the database away B keeps serving, says so once, and shows changes again by itself', async () => {
  const { id, stock } = await admin.create(input(100));
  const onSale = expectedOf(id, input(100));
  expect((await timeUntilShown(b.base, onSale, performance.now(), SHOWN_AT_LATEST_MS)).shownAfterMs).not.toBeNull();
  await warmDocumentCache(id);
  const warningsBefore = bOutput.split('could not be reached').length - 1;

  await standIn.setOutage(true);
  const outageEnds = Date.now() + 4_000;
  while (Date.now() < outageEnds) {
    for (const path of [`/watches?brand=${encodeURIComponent(BRAND)}`, `/watches/${id}`, '/']) {
      const response = await fetch(`${b.base}${path}`);
      expect(response.status, path).toBe(200);
      if (path !== '/') expect(await response.text()).toContain(input(100).model);
    }
  }
  expect(bOutput.split('could not be reached').length - 1 - warningsBefore).toBe(1);
  await standIn.setOutage(false);

  await admin.update(id, input(101), stock);
  const edited = expectedOf(id, input(101));
  const { shownAfterMs, last } = await timeUntilShown(b.base, edited, performance.now(), SHOWN_AT_LATEST_MS);
  expect(shownAfterMs, `the edit shown on B: ${JSON.stringify(last)}`).not.toBeNull();
  expect(bOutput).toContain('the database answers again');
});

test('a slow database: the listing shows its loading state, then its cards; a quick one has them in the document', async ({ page }) => {
  // A seed no load has asked for: its page is read from the database, not from a cache.
  const unread = () => `/watches?seed=${1_000 + Math.floor(Math.random() * 1_000_000)}`;
  await standIn.setDelay(2_500);
  try {
    await page.goto(`${b.base}${unread()}`, { waitUntil: 'commit' });
    await expect(page.getByRole('status').getByText('Loading luxury timepieces...', { exact: true })).toBeVisible();
    await expect(cards(page)).toHaveCount(FIRST_PAGE, { timeout: 15_000 });
    await expect(page.getByText('Loading luxury timepieces...')).toHaveCount(0);
  } finally {
    await standIn.setDelay(0);
  }
  const html = await (await fetch(`${b.base}${unread()}`)).text();
  expect(html).not.toContain('Loading luxury timepieces...');
  expect(inPlace(html).match(/<article/g)).toHaveLength(FIRST_PAGE);
});
