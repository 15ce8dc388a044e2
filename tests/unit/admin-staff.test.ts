import fs from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { adminCall, errorOf } from '../support/admin-call';
import { prepareEmbeddedAdminEnvironment } from '../support/embedded-admin-env';
import { startSmtpReceiver, type SmtpReceiver } from '../support/smtp-receiver';

/**
 * Issue 36: the owner's staff management and a new member's invitation, through the routes as
 * Next calls them, on a fresh embedded database, with invitations e-mailed to a real SMTP server.
 */

let smtp: SmtpReceiver;
beforeAll(async () => {
  smtp = await startSmtpReceiver();
  vi.stubEnv('SMTP_URL', smtp.url);
  vi.stubEnv('MAIL_FROM', 'ORX <shop@orx.test>');
});

const dataDir = await prepareEmbeddedAdminEnvironment('admin-staff', 'the owner password', { SITE_URL: 'https://orx.test' });
const { closeEmbeddedDatabase } = await import('@/lib/db/embedded');
const { auditStore } = await import('@/lib/audit/server-store');
const { staffCookie } = await import('../support/staff-session');
const { enrolApp } = await import('../support/second-factor');
const staffRoute = await import('@/app/api/admin/staff/route');
const memberRoute = await import('@/app/api/admin/staff/[id]/route');
const invitationRoute = await import('@/app/api/admin/staff/[id]/invitation/route');
const memberSessionsRoute = await import('@/app/api/admin/staff/[id]/sessions/route');
const acceptRoute = await import('@/app/api/admin-invite/route');
const lookupRoute = await import('@/app/api/admin-invite/lookup/route');
const loginRoute = await import('@/app/api/admin-session/route');
const ordersRoute = await import('@/app/api/admin/orders/route');
const watchesRoute = await import('@/app/api/admin/watches/route');

afterAll(async () => {
  await smtp.close();
  await closeEmbeddedDatabase(path.resolve(dataDir));
  fs.rmSync(dataDir, { recursive: true, force: true });
});

type Member = { id: string; name: string; email: string; role: string; state: string };
type Invited = { link: string; emailed: boolean; staff: Member[] };

const send = adminCall;
const cookieOf = (response: Response) => /^[^=]+=([^;]+)/.exec(response.headers.get('set-cookie') ?? '')?.[1] ?? null;
const tokenOf = (link: string) => new URL(link).hash.slice(1);

let owner: string;
beforeAll(async () => {
  owner = await staffCookie();
  // The owner has set up a factor, as every owner who reached the panel has: they can sign in.
  await enrolApp(owner);
});

async function invite(name: string, email: string, role: string) {
  const response = await send(staffRoute.POST, { cookie: owner, method: 'POST', body: { name, email, role } });
  expect(response.status).toBe(201);
  return (await response.json()) as Invited;
}

it('invites a catalogue editor, who chooses a password with the e-mailed link, signs in, and reaches the catalogue but not the orders', async () => {
  const invited = await invite('Cleo Editor', 'cleo@orx.test', 'catalogue');
  expect(invited.link).toMatch(/^https:\/\/orx\.test\/admin\/invite#[A-Za-z0-9_-]{43}$/);
  expect(invited.emailed).toBe(true);
  expect(invited.staff.find((member) => member.email === 'cleo@orx.test')).toMatchObject({ name: 'Cleo Editor', role: 'catalogue', state: 'invited' });
  const mail = smtp.messages.at(-1)!;
  expect(mail.to).toMatchObject({ value: [{ address: 'cleo@orx.test' }] });
  expect(mail.subject).toBe('Your invitation to the ORX back office');
  expect(mail.text).toContain(invited.link);
  expect(mail.text).toContain('as Catalogue');

  const token = tokenOf(invited.link);
  const lookup = await send(lookupRoute.POST, { method: 'POST', body: { token } });
  expect(await lookup.json()).toEqual({ name: 'Cleo Editor', username: 'cleo@orx.test', role: 'Catalogue' });
  const short = await send(acceptRoute.POST, { method: 'POST', body: { token, password: 'short' } });
  expect(short.status).toBe(400);
  expect(await errorOf(short)).toBe('A password needs at least 12 characters.');
  const accepted = await send(acceptRoute.POST, { method: 'POST', body: { token, password: 'cleo chooses a long password' } });
  expect(accepted.status).toBe(200);
  const reused = await send(acceptRoute.POST, { method: 'POST', body: { token, password: 'someone else tries it' } });
  expect(reused.status).toBe(404);
  expect(await errorOf(reused)).toBe("This invitation link cannot be used any more. Ask the shop's owner for a new one.");

  const login = await send(loginRoute.POST, { method: 'POST', body: { username: 'Cleo@ORX.test', password: 'cleo chooses a long password' } });
  expect(login.status).toBe(200);
  const cleo = cookieOf(login)!;
  expect((await send(watchesRoute.GET, { cookie: cleo })).status).toBe(401);
  await enrolApp(cleo);
  expect((await send(watchesRoute.GET, { cookie: cleo })).status).toBe(200);
  const orders = await send(ordersRoute.GET, { cookie: cleo });
  expect(orders.status).toBe(403);
  expect(await errorOf(orders)).toBe("Your role (Catalogue) does not allow this. Ask the shop's owner.");
  expect((await send(staffRoute.GET, { cookie: cleo })).status).toBe(403);

  // The owner signs Cleo out everywhere: her next request is refused.
  const member = invited.staff.find((each) => each.email === 'cleo@orx.test')!;
  const ended = await send(memberSessionsRoute.DELETE, { cookie: owner, method: 'DELETE', params: { id: member.id } });
  expect(await ended.json()).toEqual({ ended: 1 });
  expect((await send(watchesRoute.GET, { cookie: cleo })).status).toBe(401);
});

it('refuses an invitation with a missing name, an address that is not one mailbox, an unknown role, or a taken e-mail', async () => {
  for (const [body, message] of [
    [{ name: ' ', email: 'a@orx.test', role: 'catalogue' }, 'A name is required'],
    [{ name: 'A', email: 'a@orx.test, b@orx.test', role: 'catalogue' }, 'A valid e-mail address is required'],
    [{ name: 'A', email: 'a@orx.test', role: 'admin' }, 'Choose a role: owner, catalogue or fulfilment'],
  ] as const) {
    const response = await send(staffRoute.POST, { cookie: owner, method: 'POST', body });
    expect(response.status).toBe(400);
    expect(await errorOf(response)).toBe(message);
  }
  await invite('Dora', 'dora@orx.test', 'fulfilment');
  const taken = await send(staffRoute.POST, { cookie: owner, method: 'POST', body: { name: 'Other Dora', email: 'DORA@orx.test', role: 'owner' } });
  expect(taken.status).toBe(409);
  expect(await errorOf(taken)).toBe('Someone on the staff already has this e-mail address.');
});

it('changes a role, disables and enables a member, renews an unused link, and records each change on the trail', async () => {
  const invited = await invite('Eve Packer', 'eve@orx.test', 'fulfilment');
  const eve = invited.staff.find((member) => member.email === 'eve@orx.test')!;
  const renewed = await send(invitationRoute.POST, { cookie: owner, method: 'POST', params: { id: eve.id } });
  expect(renewed.status).toBe(201);
  const fresh = (await renewed.json()) as Invited;
  expect((await send(lookupRoute.POST, { method: 'POST', body: { token: tokenOf(invited.link) } })).status).toBe(404);
  await send(acceptRoute.POST, { method: 'POST', body: { token: tokenOf(fresh.link), password: 'eve has a long password' } });
  const noLink = await send(invitationRoute.POST, { cookie: owner, method: 'POST', params: { id: eve.id } });
  expect(noLink.status).toBe(409);
  expect(await errorOf(noLink)).toBe('This member has already chosen a password.');

  const promoted = await send(memberRoute.PATCH, { cookie: owner, method: 'PATCH', body: { role: 'catalogue' }, params: { id: eve.id } });
  expect(((await promoted.json()) as Member[]).find((member) => member.id === eve.id)).toMatchObject({ role: 'catalogue', state: 'active' });
  const login = await send(loginRoute.POST, { method: 'POST', body: { username: 'eve@orx.test', password: 'eve has a long password' } });
  const session = cookieOf(login)!;
  const disabled = await send(memberRoute.PATCH, { cookie: owner, method: 'PATCH', body: { disabled: true }, params: { id: eve.id } });
  expect(((await disabled.json()) as Member[]).find((member) => member.id === eve.id)).toMatchObject({ state: 'disabled' });
  expect((await send(watchesRoute.GET, { cookie: session })).status).toBe(401);
  expect((await send(loginRoute.POST, { method: 'POST', body: { username: 'eve@orx.test', password: 'eve has a long password' } })).status).toBe(401);
  await send(memberRoute.PATCH, { cookie: owner, method: 'PATCH', body: { disabled: false }, params: { id: eve.id } });
  expect((await send(loginRoute.POST, { method: 'POST', body: { username: 'eve@orx.test', password: 'eve has a long password' } })).status).toBe(200);

  const trail = (await auditStore().page({ subject: `staff:${eve.id}`, limit: 20 })).reverse();
  expect(trail.map(({ kind, actor, before, after }) => ({ kind, actor, before, after }))).toEqual(
    expect.arrayContaining([
      expect.objectContaining({ kind: 'staff.create', actor: 'operator' }),
      { kind: 'staff.update', actor: 'operator', before: { role: 'fulfilment' }, after: { role: 'catalogue' } },
      { kind: 'staff.update', actor: 'operator', before: { disabled_at: null }, after: { disabled_at: expect.any(String) } },
      expect.objectContaining({ kind: 'session.update', actor: 'operator', after: expect.objectContaining({ ended_reason: 'account disabled' }) }),
    ]),
  );
});

it('keeps the last owner an owner, and answers 404 for a member that is not there', async () => {
  const staff = (await (await send(staffRoute.GET, { cookie: owner })).json()) as Member[];
  const self = staff.find((member) => member.role === 'owner')!;
  const refused = await send(memberRoute.PATCH, { cookie: owner, method: 'PATCH', body: { role: 'catalogue' }, params: { id: self.id } });
  expect(refused.status).toBe(409);
  expect(await errorOf(refused)).toBe('The shop needs an owner who can sign in: make someone else owner first.');
  // Issue 47: an owner invited but not yet signed in with a factor is no owner who can sign in.
  const invited = await invite('Second Owner', 'own2@orx.test', 'owner');
  expect(invited.staff.filter((member) => member.role === 'owner')).toHaveLength(2);
  for (const body of [{ role: 'catalogue' }, { disabled: true }]) {
    const stepsDown = await send(memberRoute.PATCH, { cookie: owner, method: 'PATCH', body, params: { id: self.id } });
    expect(stepsDown.status).toBe(409);
    expect(await errorOf(stepsDown)).toBe('The shop needs an owner who can sign in: make someone else owner first.');
  }
  expect(((await (await send(staffRoute.GET, { cookie: owner })).json()) as Member[]).find((member) => member.id === self.id)).toMatchObject({ role: 'owner', state: 'active' });
  for (const id of ['not-a-uuid', '00000000-0000-4000-8000-000000000000']) {
    expect((await send(memberRoute.PATCH, { cookie: owner, method: 'PATCH', body: { role: 'owner' }, params: { id } })).status).toBe(404);
    expect((await send(memberSessionsRoute.DELETE, { cookie: owner, method: 'DELETE', params: { id } })).status).toBe(id === 'not-a-uuid' ? 404 : 200);
  }
});

it('limits invitation look-ups per client, and answers any body with a refusal, never a 5xx', async () => {
  const flood = { 'x-forwarded-for': '198.51.100.77' };
  const statuses = [];
  for (let attempt = 0; attempt < 31; attempt++) {
    statuses.push((await send(lookupRoute.POST, { method: 'POST', body: { token: `guess-${attempt}` }, headers: flood })).status);
  }
  expect(statuses.slice(0, 30).every((status) => status === 404)).toBe(true);
  const limited = await send(lookupRoute.POST, { method: 'POST', body: { token: 'one more' }, headers: flood });
  expect(limited.status).toBe(429);
  expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);

  let client = 0;
  await fc.assert(
    fc.asyncProperty(fc.anything(), fc.constantFrom(lookupRoute.POST, acceptRoute.POST), async (body, handler) => {
      client += 1;
      const response = await send(handler, { method: 'POST', body, headers: { 'x-forwarded-for': `203.0.113.${client % 250}` } });
      expect([400, 404, 413, 429]).toContain(response.status);
    }),
    { numRuns: 60 },
  );
});

// Issue 47: staff names and e-mails follow the storable-text rules of every other field.
const CONTROLS = [...Array.from({ length: 32 }, (_, code) => String.fromCharCode(code)), '\u007F'];
const BIDI_CONTROLS = [...'\u202A\u202B\u202C\u202D\u202E\u2066\u2067\u2068\u2069'];
const INVISIBLE = [...' \u00A0\u00AD\u034F\u115F\u1160\u180E\u200B\u200C\u200D\u200E\u2060\u2063\u3000\u3164\uFE0F\uFEFF\uFFA0', '\u{E0041}', '\u{1D173}'];
const visible = fc.string({ unit: fc.constantFrom(...'Adaélv 李😀-'), minLength: 1, maxLength: 10 }).filter((text) => text.trim() !== '');

/** What the owner's Staff tab and the trail hold: a refused invitation must change neither. */
async function staffState() {
  const staff = (await (await send(staffRoute.GET, { cookie: owner })).json()) as Member[];
  return { staff: staff.length, trail: (await auditStore().page({ limit: 500 })).length };
}

it('refuses a name or e-mail with a control character, a direction override or nothing visible: a 400 with the message, nothing written', async () => {
  const before = await staffState();
  const name = fc.oneof(
    fc.tuple(visible, fc.constantFrom(...CONTROLS, ...BIDI_CONTROLS), visible).map((parts) => parts.join('')),
    fc.array(fc.constantFrom(...INVISIBLE), { minLength: 1, maxLength: 6 }).map((parts) => parts.join('')).filter((text) => text.trim() !== ''),
  );
  await fc.assert(
    fc.asyncProperty(name, async (bad) => {
      const response = await send(staffRoute.POST, { cookie: owner, method: 'POST', body: { name: bad, email: 'new.member@orx.test', role: 'catalogue' } });
      expect(response.status).toBe(400);
      expect(await errorOf(response)).toBe('A name must be plain text on one line: no control, direction-changing or invisible-only characters');
    }),
    { numRuns: 80 },
  );
  const email = fc.tuple(fc.constantFrom('new', 'new.member'), fc.constantFrom(...CONTROLS, ...BIDI_CONTROLS, '\u200B'), fc.constantFrom('@orx.test', 'x@orx.test')).map((parts) => parts.join(''));
  await fc.assert(
    fc.asyncProperty(email, async (bad) => {
      const response = await send(staffRoute.POST, { cookie: owner, method: 'POST', body: { name: 'New Member', email: bad, role: 'catalogue' } });
      expect(response.status).toBe(400);
      expect(await errorOf(response)).toBe('A valid e-mail address is required');
    }),
    { numRuns: 60 },
  );
  expect(await staffState()).toEqual(before);
});

it('stores every name the rules accept as it was typed (trimmed), and answers any other with a 400, never a 5xx', async () => {
  let member = 0;
  await fc.assert(
    fc.asyncProperty(fc.string({ unit: 'binary', maxLength: 24 }), async (name) => {
      member += 1;
      const email = `typed.${member}@orx.test`;
      const response = await send(staffRoute.POST, { cookie: owner, method: 'POST', body: { name, email, role: 'fulfilment' } });
      expect([201, 400]).toContain(response.status);
      if (response.status === 201) {
        const invited = (await response.json()) as Invited;
        expect(invited.staff.find((each) => each.email === email)?.name).toBe(name.trim());
      }
    }),
    { numRuns: 60 },
  );
  // Sixty invitations through the route, each written to the database: over the suite's usual
  // 30 s on cores a whole suite shares.
}, 120_000);
