import fs from 'node:fs';
import path from 'node:path';
import { NextRequest } from 'next/server';
import { afterAll, expect, it } from 'vitest';
import { adminCall, errorOf, type AdminCall } from '../support/admin-call';
import { prepareEmbeddedAdminEnvironment } from '../support/embedded-admin-env';

/**
 * Issue 36: a member's own account through its routes: the sessions signed in as them, ended one
 * by one or everywhere, and a password change that ends them all.
 */

const PASSWORD = 'the owner password';
const dataDir = await prepareEmbeddedAdminEnvironment('admin-account', PASSWORD);
const { SESSION_COOKIE } = await import('@/lib/auth/session');
const { closeEmbeddedDatabase } = await import('@/lib/db/embedded');
const { staffCookie } = await import('../support/staff-session');
const account = await import('@/app/api/admin/account/route');
const everywhere = await import('@/app/api/admin/account/sessions/route');
const oneSession = await import('@/app/api/admin/account/sessions/[id]/route');
const password = await import('@/app/api/admin/account/password/route');
const adminSession = await import('@/app/api/admin-session/route');

afterAll(async () => {
  await closeEmbeddedDatabase(path.resolve(dataDir));
  fs.rmSync(dataDir, { recursive: true, force: true });
});

type Listed = { name: string; role: string; sessions: { id: string; current: boolean; open: boolean; device: string }[] };

const send = (handler: unknown, cookie: string | null, call: AdminCall = {}) => adminCall(handler, { ...call, cookie });
const listed = async (cookie: string) => (await (await send(account.GET, cookie)).json()) as Listed;

it('lists the member\'s sessions, marks this one, and ends another without touching this one', async () => {
  const [here, elsewhere] = [await staffCookie(), await staffCookie()];
  const seenHere = await listed(here);
  expect(seenHere).toMatchObject({ name: 'operator', role: 'owner' });
  const thisOne = seenHere.sessions.filter((session) => session.current);
  const other = (await listed(elsewhere)).sessions.find((session) => session.current)!;
  expect(thisOne).toHaveLength(1);
  expect(thisOne[0]!.id).not.toBe(other.id);
  expect(seenHere.sessions.find((session) => session.id === other.id)).toMatchObject({ open: true, current: false, device: 'route test' });

  const ended = await send(oneSession.DELETE, here, { method: 'DELETE', params: { id: other.id } });
  expect(ended.status).toBe(200);
  expect(await ended.json()).toEqual({ ended: 1, signedOut: false });
  expect(ended.headers.get('set-cookie')).toBeNull();
  expect((await send(account.GET, elsewhere)).status).toBe(401);
  expect((await send(account.GET, here)).status).toBe(200);
});

it('answers 404 for a session that is not the member\'s own, and ends nothing', async () => {
  const mine = await staffCookie();
  const someoneElse = await staffCookie('catalogue', { name: 'Other Member' });
  const theirs = (await listed(someoneElse)).sessions.find((session) => session.current)!;
  const refused = await send(oneSession.DELETE, mine, { method: 'DELETE', params: { id: theirs.id } });
  expect(refused.status).toBe(404);
  expect(await errorOf(refused)).toBe('That session was not found, or has already ended.');
  expect((await send(account.GET, someoneElse)).status).toBe(200);
});

it('signs out everywhere: every session of the member ends, this browser\'s cookie is cleared, other members stay', async () => {
  const cookies = [await staffCookie(), await staffCookie(), await staffCookie()];
  const bystander = await staffCookie('fulfilment', { name: 'Bystander' });
  const response = await send(everywhere.DELETE, cookies[0]!, { method: 'DELETE' });
  expect(response.status).toBe(200);
  expect(((await response.json()) as { signedOut: boolean }).signedOut).toBe(true);
  expect(response.headers.get('set-cookie')).toMatch(new RegExp(`^${SESSION_COOKIE}=;.*Max-Age=0`, 'i'));
  for (const cookie of cookies) expect((await send(account.GET, cookie)).status).toBe(401);
  expect((await send(account.GET, bystander)).status).toBe(200);
});

it('changes the password only with the current one, ends every session, and the new one signs in', async () => {
  const [here, elsewhere] = [await staffCookie(), await staffCookie()];
  const wrong = await send(password.PUT, here, { method: 'PUT', body: { current: 'not the password', next: 'a brand new password' } });
  expect(wrong.status).toBe(403);
  expect(await errorOf(wrong)).toBe('Your current password is not correct.');
  const short = await send(password.PUT, here, { method: 'PUT', body: { current: PASSWORD, next: 'too short' } });
  expect(short.status).toBe(400);
  expect(await errorOf(short)).toBe('A password needs at least 12 characters.');
  expect((await send(account.GET, here)).status).toBe(200);

  const changed = await send(password.PUT, here, { method: 'PUT', body: { current: PASSWORD, next: 'a brand new password' } });
  expect(changed.status).toBe(200);
  expect(changed.headers.get('set-cookie')).toMatch(new RegExp(`^${SESSION_COOKIE}=;`));
  expect((await send(account.GET, here)).status).toBe(401);
  expect((await send(account.GET, elsewhere)).status).toBe(401);

  const logIn = (secret: string) =>
    adminSession.POST(
      new NextRequest('http://shop.test/api/admin-session', {
        method: 'POST',
        headers: { host: 'shop.test', origin: 'http://shop.test', 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'operator', password: secret }),
      }),
    );
  expect((await logIn(PASSWORD)).status).toBe(401);
  expect((await logIn('a brand new password')).status).toBe(200);
});

it('counts guesses of the current password like sign-ins: each wrong one is on the trail, past the limit a 429 changes nothing', async () => {
  const { LOGIN_LIMIT } = await import('@/lib/auth/login-throttle');
  const { auditStore } = await import('@/lib/audit/server-store');
  const { staffStore } = await import('@/lib/staff/server-store');
  const stolen = await staffCookie();
  const before = await staffStore().byUsername('operator');
  const failedLines = async () => auditStore().page({ actorId: before!.id, kind: 'staff.password-change-failed', limit: 50 });
  const earlier = (await failedLines()).length;
  for (let guess = 1; guess <= LOGIN_LIMIT.perUsername; guess++) {
    const wrong = await send(password.PUT, stolen, { method: 'PUT', body: { current: `guess number ${guess}`, next: 'the thief wants this one' } });
    expect(wrong.status).toBe(403);
  }
  // Past the limit even the right current password is refused unchecked, and nothing changes.
  for (const current of ['guess number 6', 'a brand new password']) {
    const limited = await send(password.PUT, stolen, { method: 'PUT', body: { current, next: 'the thief wants this one' } });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await errorOf(limited)).toBe('Too many wrong passwords. Please wait before trying again.');
  }
  expect((await staffStore().byUsername('operator'))?.passwordHash).toBe(before?.passwordHash);
  expect((await send(account.GET, stolen)).status).toBe(200);

  const trail = await failedLines();
  expect(trail.length - earlier).toBe(LOGIN_LIMIT.perUsername);
  expect(trail.every((line) => line.actor === 'operator' && line.subject === `staff:${before!.id}`)).toBe(true);
});
