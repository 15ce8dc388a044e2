import fs from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WatchInput } from '@/lib/catalog/types';
import { adminCall, errorOf, type AdminCall } from '../support/admin-call';
import { prepareEmbeddedAdminEnvironment } from '../support/embedded-admin-env';

/**
 * Issue 36: the owner's Activity tab, through the routes as Next calls them, on a fresh embedded
 * database whose trail is written by real admin requests: watches added and changed by a catalogue
 * member and the owner, a failed sign-in, exports.
 */

const dataDir = await prepareEmbeddedAdminEnvironment('admin-activity', 'the owner password');
const { closeEmbeddedDatabase, openEmbeddedDatabase } = await import('@/lib/db/embedded');
const { auditStore } = await import('@/lib/audit/server-store');
const { staffCookie } = await import('../support/staff-session');
const { ACTIVITY_CSV_HEADER, ACTIVITY_MESSAGES, activityCsv, activitySummary } = await import('@/lib/admin/activity-routes');
const activityRoute = await import('@/app/api/admin/activity/route');
const exportRoute = await import('@/app/api/admin/activity/export/route');
const staffRoute = await import('@/app/api/admin/staff/route');
const watchesRoute = await import('@/app/api/admin/watches/route');
const watchRoute = await import('@/app/api/admin/watches/[id]/route');
const featuredRoute = await import('@/app/api/admin/watches/[id]/featured/route');
const loginRoute = await import('@/app/api/admin-session/route');

afterAll(async () => {
  await closeEmbeddedDatabase(path.resolve(dataDir));
  fs.rmSync(dataDir, { recursive: true, force: true });
});

type Line = { id: number; at: string; actor: string; actorId: string | null; address: string | null; kind: string; subject: string | null; summary: string };
type Page = { lines: Line[]; next: number | null };

const ADDRESS = '203.0.113.7';
const send = (handler: unknown, call: AdminCall = {}) => adminCall(handler, { ...call, headers: { 'x-forwarded-for': ADDRESS } });

const watchInput = (overrides: Partial<WatchInput> = {}): WatchInput => ({
  brand: 'Rolex',
  model: 'Daytona',
  description: 'Made by the activity tests.',
  image_urls: ['https://images.example.com/activity.jpg'],
  price_eur: 1400,
  price_sol: 10,
  specs: {},
  reference: 'AC-1',
  features: [],
  featured: false,
  stock: 1,
  ...overrides,
});

let owner: string;
let cleo: string;
let cleoId: string;
let daytona: string;
let formulaId: string;
let nautilus: string;

async function page(query = '', cookie = owner): Promise<Page> {
  const response = await send(activityRoute.GET, { cookie, query });
  expect(response.status).toBe(200);
  expect(response.headers.get('cache-control')).toBe('no-store');
  return (await response.json()) as Page;
}

async function create(cookie: string, input: WatchInput): Promise<string> {
  const response = await send(watchesRoute.POST, { cookie, method: 'POST', body: input });
  expect(response.status).toBe(201);
  return ((await response.json()) as { watch: { id: string } }).watch.id;
}

beforeAll(async () => {
  owner = await staffCookie();
  cleo = await staffCookie('catalogue', { name: 'Cleo Catalogue' });
  const staff = (await (await send(staffRoute.GET, { cookie: owner })).json()) as { id: string; name: string }[];
  cleoId = staff.find((member) => member.name === 'Cleo Catalogue')!.id;

  daytona = await create(cleo, watchInput());
  // A raise: a cut by more than half would ask for the second factor again.
  const saved = await send(watchRoute.PUT, { cookie: owner, method: 'PUT', params: { id: daytona }, body: { ...watchInput({ price_sol: 12 }), expected_stock: 1 } });
  expect(saved.status).toBe(200);
  nautilus = await create(owner, watchInput({ brand: 'Patek Philippe', model: 'Nautilus' }));
  // A member's name is the owner's text, which a spreadsheet could read as a formula: the CSV must
  // open it as text. Their failed sign-in is on the trail under that name.
  const db = await openEmbeddedDatabase(path.resolve(dataDir));
  const { rows } = await db.query<{ id: string }>(`insert into public.staff (username, name, role) values ('formula@orx.test', '=1+2', 'fulfilment') returning id`);
  formulaId = rows[0]!.id;
  expect((await send(loginRoute.POST, { method: 'POST', body: { username: 'formula@orx.test', password: 'not the password' } })).status).toBe(401);
});

it('answers the trail newest first, each line with who, from where and what, in a sentence', async () => {
  const { lines, next } = await page();
  expect(next).toBeNull();
  expect(lines.map((line) => line.id)).toEqual([...lines.map((line) => line.id)].sort((a, b) => b - a));
  expect(lines[0]).toMatchObject({ kind: 'staff.sign-in-failed', actor: '=1+2', actorId: formulaId, address: ADDRESS, summary: 'Failed sign-in as =1+2' });
  expect(lines.find((line) => line.kind === 'watch.update')).toMatchObject({
    actor: 'operator',
    address: ADDRESS,
    subject: `watch:${daytona}`,
    summary: 'Changed price_sol 10 → 12',
    before: { price_sol: 10 },
    after: { price_sol: 12 },
  });
  expect(lines.filter((line) => line.kind === 'watch.create').map((line) => line.summary)).toEqual([
    'Added watch Patek Philippe Nautilus',
    'Added watch Rolex Daytona',
  ]);
  expect(lines.filter((line) => line.kind === 'staff.sign-in').map((line) => line.summary)).toEqual(['Signed in', 'Signed in']);
  expect(Number.isNaN(Date.parse(lines[0]!.at))).toBe(false);
});

it('filters by person, by kind (whole or by its table) and by watch', async () => {
  const byCleo = (await page(`?person=${cleoId}`)).lines;
  expect(byCleo.map((line) => line.kind)).toEqual(['watch.create', 'staff.sign-in']);
  expect(byCleo.every((line) => line.actorId === cleoId && line.actor === 'Cleo Catalogue')).toBe(true);

  const catalogue = (await page('?kind=watch')).lines;
  expect(catalogue.map((line) => line.kind)).toEqual(['watch.create', 'watch.update', 'watch.create']);
  // A whole kind is not a prefix of a longer one: sign-ins are not the failed ones.
  expect((await page('?kind=staff.sign-in')).lines.map((line) => line.kind)).toEqual(['staff.sign-in', 'staff.sign-in']);
  expect((await page('?kind=staff.sign-in-failed')).lines).toHaveLength(1);

  const ofDaytona = (await page(`?subject=watch:${daytona.toUpperCase()}`)).lines;
  expect(ofDaytona.map((line) => line.summary)).toEqual(['Changed price_sol 10 → 12', 'Added watch Rolex Daytona']);
  expect((await page(`?subject=watch:${nautilus}&person=${cleoId}`)).lines).toEqual([]);
  expect((await page(`?subject=order:${daytona}`)).lines).toEqual([]);
  // An empty parameter is a filter left on "any", as a GET form sends it.
  expect((await page('?person=&kind=&subject=')).lines.length).toBe((await page()).lines.length);
});

it('pages through 50 lines at a time with before, nothing twice and nothing left out', async () => {
  const speedmaster = await create(owner, watchInput({ brand: 'Omega', model: 'Speedmaster' }));
  for (let toggle = 0; toggle < 55; toggle += 1) {
    expect((await send(featuredRoute.POST, { cookie: owner, method: 'POST', params: { id: speedmaster } })).status).toBe(200);
  }
  const first = await page(`?subject=watch:${speedmaster}`);
  expect(first.lines).toHaveLength(50);
  expect(first.lines[0]!.summary).toBe('Changed featured false → true');
  expect(first.next).toBe(first.lines.at(-1)!.id);
  const second = await page(`?subject=watch:${speedmaster}&before=${first.next}`);
  expect(second.lines).toHaveLength(6);
  expect(second.next).toBeNull();
  expect(second.lines.at(-1)!.summary).toBe('Added watch Omega Speedmaster');
  const ids = [...first.lines, ...second.lines].map((line) => line.id);
  expect(new Set(ids).size).toBe(56);
  expect(ids).toEqual([...ids].sort((a, b) => b - a));
});

describe('the CSV export', () => {
  it('downloads every matching line, formula cells defused, and records the export', async () => {
    const response = await send(exportRoute.GET, { cookie: owner, query: `?kind=watch&subject=watch:${daytona}` });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="orx-activity-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(response.headers.get('cache-control')).toBe('no-store');
    // text() would drop the byte-order mark that tells spreadsheets it is UTF-8.
    const csv = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await response.arrayBuffer());
    expect(csv.startsWith(`\uFEFF${ACTIVITY_CSV_HEADER}`)).toBe(true);
    expect(ACTIVITY_CSV_HEADER).toBe('Time (UTC),Person,Address,Kind,Subject,Summary,Before,After\r\n');
    const rows = csv.slice(1).split('\r\n').filter(Boolean);
    expect(rows).toHaveLength(3);
    expect(rows).toContainEqual(
      expect.stringMatching(new RegExp(`^\\d{4}-\\d\\d-\\d\\dT[\\d:.]+Z,operator,${ADDRESS.replaceAll('.', '\\.')},watch\\.update,watch:${daytona},Changed price_sol 10 → 12,"\\{""price_sol"":10\\}","\\{""price_sol"":12\\}"$`)),
    );

    const recorded = (await page('?kind=activity.export')).lines[0]!;
    expect(recorded).toMatchObject({ actor: 'operator', address: ADDRESS, summary: `Exported the activity (Catalogue changes, watch:${daytona})` });

    const failed = await (await send(exportRoute.GET, { cookie: owner, query: '?kind=staff.sign-in-failed' })).text();
    expect(failed).toContain(`,'=1+2,${ADDRESS},staff.sign-in-failed,staff:${formulaId},Failed sign-in as =1+2,,\r\n`);
  });

  it('reads in batches by line number, so a long trail comes out whole and in order', async () => {
    const everything = (await (await activityCsv(auditStore(), {})).text()).split('\r\n');
    const batched = (await (await activityCsv(auditStore(), {}, { batchSize: 7 })).text()).split('\r\n');
    expect(everything.length).toBeGreaterThan(60);
    expect(batched).toEqual(everything);
  });
});

it('refuses a filter it cannot read with a 400 naming it', async () => {
  for (const [query, message] of [
    ['?person=cleo', ACTIVITY_MESSAGES.person],
    ['?kind=watch.nope', ACTIVITY_MESSAGES.kind],
    ['?kind=WATCH', ACTIVITY_MESSAGES.kind],
    [`?subject=${daytona}`, ACTIVITY_MESSAGES.subject],
    ['?subject=watch:123', ACTIVITY_MESSAGES.subject],
    [`?subject=photo:${daytona}`, ACTIVITY_MESSAGES.subject],
    ['?before=0', ACTIVITY_MESSAGES.before],
    ['?before=-3', ACTIVITY_MESSAGES.before],
    ['?before=1.5', ACTIVITY_MESSAGES.before],
    ['?before=1234567890123456', ACTIVITY_MESSAGES.before],
  ] as const) {
    for (const handler of [activityRoute.GET, exportRoute.GET]) {
      const response = await send(handler, { cookie: owner, query });
      expect(response.status, query).toBe(400);
      expect(await errorOf(response)).toBe(message);
    }
  }
});

it('never answers a query string with a server error', async () => {
  const key = fc.constantFrom('person', 'kind', 'subject', 'before', 'other');
  const value = fc.oneof(fc.string(), fc.uuid(), fc.integer().map(String), fc.constantFrom('watch', 'staff.sign-in', `watch:${daytona}`, '99999999999999'));
  await fc.assert(
    fc.asyncProperty(fc.array(fc.tuple(key, value), { maxLength: 4 }), async (entries) => {
      const response = await send(activityRoute.GET, { cookie: owner, query: `?${new URLSearchParams(entries).toString()}` });
      expect([200, 400]).toContain(response.status);
    }),
    { numRuns: 60 },
  );
});

it('is the owner’s alone: a catalogue or fulfilment member is refused', async () => {
  const fulfilment = await staffCookie('fulfilment');
  for (const cookie of [cleo, fulfilment]) {
    for (const handler of [activityRoute.GET, exportRoute.GET]) {
      const response = await send(handler, { cookie });
      expect(response.status).toBe(403);
    }
  }
  expect((await send(activityRoute.GET)).status).toBe(401);
});

describe('activitySummary', () => {
  const summary = (kind: string, before: Record<string, unknown> | null, after: Record<string, unknown> | null, actor = 'Ada') =>
    activitySummary({ kind, actor, before, after });

  it('says what a catalogue change did', () => {
    expect(summary('watch.create', null, { brand: 'Rolex', model: 'Daytona', price_sol: 10 })).toBe('Added watch Rolex Daytona');
    expect(summary('watch.delete', { brand: 'Rolex', model: 'Daytona' }, null)).toBe('Deleted watch Rolex Daytona');
    expect(summary('watch.update', { price_sol: 10, stock: 2 }, { price_sol: 4, stock: 1 })).toBe('Changed price_sol 10 → 4, stock 2 → 1');
    expect(summary('watch.update', { image_urls: ['/a.webp'] }, { image_urls: ['/b.webp'] })).toBe('Changed image_urls');
    expect(summary('watch.update', { description: 'short' }, { description: 'x'.repeat(60) })).toBe(`Changed description short → ${'x'.repeat(39)}…`);
  });

  it('says what happened to an order, its messages and the staff', () => {
    expect(summary('order.update', { status: 'paid' }, { status: 'shipped' })).toBe('Moved order paid → shipped');
    expect(summary('order.update', { status: 'paid', tracking_reference: null }, { status: 'shipped', tracking_reference: 'TR-1' })).toBe(
      'Moved order paid → shipped, changed tracking_reference none → TR-1',
    );
    expect(summary('order_event.update', { state: 'failed', attempts: 8 }, { state: 'pending', attempts: 0 })).toBe('Resent a failed message');
    expect(summary('staff.create', null, { name: 'Cleo', role: 'catalogue' })).toBe('Invited Cleo as catalogue');
    expect(summary('staff.update', { role: 'fulfilment' }, { role: 'catalogue' })).toBe('Changed role fulfilment → catalogue');
    expect(summary('staff.update', { disabled_at: null }, { disabled_at: '2026-01-01T00:00:00Z' })).toBe('Disabled the account');
    expect(summary('staff.update', { disabled_at: '2026-01-01T00:00:00Z' }, { disabled_at: null })).toBe('Enabled the account');
    expect(summary('staff.update', { password_hash: 'changed' }, { password_hash: 'changed' })).toBe('Changed the password');
    expect(summary('session.update', { ended_at: null, ended_reason: null }, { ended_at: '2026-01-01T00:00:00Z', ended_reason: 'signed out by the owner' })).toBe(
      'Ended a session (signed out by the owner)',
    );
  });

  it('says what the server recorded itself', () => {
    expect(summary('staff.sign-in', null, { device: 'Firefox' })).toBe('Signed in');
    expect(summary('staff.sign-in-failed', null, null, 'mallory')).toBe('Failed sign-in as mallory');
    expect(summary('staff.password-change-failed', null, null)).toBe('Failed to change the password: the current one was wrong');
    expect(summary('staff.bootstrap', null, { role: 'owner', restored: false })).toBe('Made owner by the bootstrap login');
    expect(summary('staff.bootstrap', null, { role: 'owner', restored: true })).toBe('Made owner again by the bootstrap login');
    expect(summary('orders.export', null, { status: 'paid', q: 'smith' })).toBe('Exported orders (status paid, search "smith")');
    expect(summary('orders.export', null, { status: null, q: '' })).toBe('Exported orders');
    expect(summary('photo.upload', null, { url: '/uploads/a.webp' })).toBe('Uploaded a photo');
    expect(summary('activity.export', null, { person: 'some-id', kind: 'order', subject: null })).toBe('Exported the activity (one person, Order moves)');
  });

  it('reads a kind it does not know as the kind and its changes, and never fails on odd columns', () => {
    expect(summary('future.thing', { a: 1 }, { a: 2 })).toBe('future.thing: a 1 → 2');
    expect(summary('future.thing', null, null)).toBe('future.thing');
    expect(summary('watch.create', null, null)).toBe('Added a watch');
    expect(summary('order.update', { status: { odd: true } }, { status: 3 })).toBe('Moved order … → 3');
  });
});
