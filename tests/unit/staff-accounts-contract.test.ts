import { randomUUID } from 'node:crypto';
import { beforeAll, expect, it } from 'vitest';
import { newSessionToken, SESSION_IDLE_SECONDS, SESSION_TTL_SECONDS } from '@/lib/auth/session';
import type { Role } from '@/lib/staff/roles';
import { runOnEveryStore, type Stores, type Target } from '../support/store-targets';

/**
 * Issue 36: staff accounts and their sessions on the server, on every store. The clock is the
 * test's: a session's idle and absolute limits are passed without waiting.
 */

const T0 = new Date('2026-11-26T09:00:00Z');
const at = (seconds: number) => new Date(T0.getTime() + seconds * 1000);
const MINUTE = 60;

function runContract(target: Target) {
  let stores: Stores;

  beforeAll(async () => {
    stores = await target.open();
  });

  const database = () => {
    if (!stores.database) throw new Error('This test needs the database itself');
    return stores.database;
  };

  /** A member added as the owner's invitation will add them (a later part of the issue). */
  async function member(role: Role, disabled = false): Promise<string> {
    const name = `Member ${randomUUID().slice(0, 8)}`;
    const { rows } = await database().query<{ id: string }>(
      `insert into public.staff (username, name, role, password_hash, disabled_at) values (lower($1), $1, $2, 'scrypt:none', $3) returning id`,
      [name, role, disabled ? T0 : null],
    );
    return rows[0]!.id;
  }

  async function signIn(staffId: string, now = T0) {
    const { token, id } = newSessionToken();
    const started = await stores.staff.startSession({
      id,
      staffId,
      now,
      expiresAt: new Date(now.getTime() + SESSION_TTL_SECONDS * 1000),
      device: 'Contract browser',
      address: '203.0.113.7',
    });
    return { token, id, started };
  }

  const touch = (id: string, now: Date) => stores.staff.touchSession(id, now, SESSION_IDLE_SECONDS);

  /** The member sets up an authenticator app (its sealed secret is the test's): they can now sign in all the way. */
  async function giveFactor(staffId: string) {
    await database().query(`insert into public.staff_factors (staff_id, kind, label, totp_secret) values ($1, 'totp', 'App', 'sealed')`, [staffId]);
  }

  const ownersWhoCanSignIn = async () =>
    (
      await database().query<{ id: string }>(
        `select s.id from public.staff s where role = 'owner' and disabled_at is null and password_hash is not null
           and exists (select 1 from public.staff_factors f where f.staff_id = s.id)`,
      )
    ).rows.map((row) => row.id);

  it('makes the owner from the bootstrap login once, however many servers start at once, and finds it as typed', async () => {
    const username = `Owner-${randomUUID().slice(0, 8)}`;
    const made = await Promise.all(Array.from({ length: 4 }, () => stores.staff.ensureOwner(username, 'scrypt:bootstrap')));
    expect(made.filter(Boolean)).toHaveLength(1);
    const { rows } = await database().query<{ count: number }>(`select count(*)::int as count from public.staff where role = 'owner'`);
    expect(rows[0]!.count).toBe(1);
    const owner = await stores.staff.byUsername(`  ${username.toUpperCase()} `);
    expect(owner).toMatchObject({ username: username.toLowerCase(), name: username, role: 'owner', passwordHash: 'scrypt:bootstrap', disabledAt: null });
    // Before the owner's first enrolment (no factor yet) every later server start runs it again: it changes nothing.
    expect(await stores.staff.ensureOwner(username, 'scrypt:bootstrap')).toBe(false);
    expect((await database().query(`select 1 from public.staff where role = 'owner'`)).rows).toHaveLength(1);

    // Once the owner has a factor, the bootstrap login changes nothing at all: not another username, not the password.
    await giveFactor(owner!.id);
    expect(await stores.staff.ensureOwner(`Other-${username}`, 'scrypt:bootstrap')).toBe(false);
    expect(await stores.staff.byUsername(`Other-${username}`)).toBeNull();
    expect(await stores.staff.ensureOwner(username, 'scrypt:changed-in-the-environment')).toBe(false);
    expect((await stores.staff.byUsername(username))?.passwordHash).toBe('scrypt:bootstrap');
  });

  it('holds a session while it is used, and ends it after 30 minutes unused', async () => {
    const staffId = await member('catalogue');
    const { id, started } = await signIn(staffId);
    expect(started).toEqual({ id });
    expect(await touch(id, at(29 * MINUTE))).toMatchObject({ sessionId: id, staffId, role: 'catalogue' });
    // Idle from its last use: 29 minutes after the touch above, it still holds.
    expect(await touch(id, at(58 * MINUTE))).not.toBeNull();
    expect(await touch(id, at(58 * MINUTE + SESSION_IDLE_SECONDS))).toBeNull();
    // Ended for good: a later use does not bring it back.
    expect(await touch(id, at(89 * MINUTE))).toBeNull();
  });

  it('ends a session 8 hours after its sign-in, however busy', async () => {
    const { id } = await signIn(await member('fulfilment'));
    for (let minute = 20; minute < 8 * 60; minute += 20) expect(await touch(id, at(minute * MINUTE))).not.toBeNull();
    expect(await touch(id, at(SESSION_TTL_SECONDS - 1))).not.toBeNull();
    expect(await touch(id, at(SESSION_TTL_SECONDS))).toBeNull();
  });

  it('knows no session for a token it was never given', async () => {
    expect(await touch(newSessionToken().id, at(1))).toBeNull();
  });

  it('ends one session, leaving the member\'s others; "everywhere" ends them all, and another member\'s none', async () => {
    const staffId = await member('catalogue');
    const bystander = await signIn(await member('catalogue'));
    const [first, second, third] = [await signIn(staffId), await signIn(staffId), await signIn(staffId)];
    expect(await stores.staff.endSessions({ staffId, sessionId: first.id }, 'ended by its member')).toBe(1);
    expect(await touch(first.id, at(60))).toBeNull();
    expect(await touch(second.id, at(60))).not.toBeNull();
    // A member cannot end someone else's session by naming it.
    expect(await stores.staff.endSessions({ staffId, sessionId: bystander.id }, 'ended by its member')).toBe(0);
    expect(await stores.staff.endSessions({ staffId }, 'signed out everywhere')).toBe(2);
    expect(await touch(second.id, at(120))).toBeNull();
    expect(await touch(third.id, at(120))).toBeNull();
    expect(await touch(bystander.id, at(120))).not.toBeNull();

    const listed = await stores.staff.sessionsOf(staffId, at(120), SESSION_IDLE_SECONDS);
    expect(listed.map((session) => session.sessionId).sort()).toEqual([first.id, second.id, third.id].sort());
    expect(listed.every((session) => !session.open && session.device === 'Contract browser' && session.address === '203.0.113.7')).toBe(true);
  });

  it('ends a sign-out\'s own session by its id alone', async () => {
    const staffId = await member('owner');
    const [leaving, staying] = [await signIn(staffId), await signIn(staffId)];
    expect(await stores.staff.endSessions({ sessionId: leaving.id }, 'signed out')).toBe(1);
    expect(await touch(leaving.id, at(60))).toBeNull();
    expect(await touch(staying.id, at(60))).not.toBeNull();
  });

  it('ends every session of the account when its password changes', async () => {
    const staffId = await member('fulfilment');
    const sessions = [await signIn(staffId), await signIn(staffId)];
    expect(await stores.staff.setPassword(staffId, 'scrypt:new')).toBe(true);
    for (const session of sessions) expect(await touch(session.id, at(60))).toBeNull();
    const { rows } = await database().query<{ password_hash: string; ended_reason: string }>(
      `select s.password_hash, ss.ended_reason from public.staff s join public.staff_sessions ss on ss.staff_id = s.id where s.id = $1`,
      [staffId],
    );
    expect(rows).toEqual([
      { password_hash: 'scrypt:new', ended_reason: 'password changed' },
      { password_hash: 'scrypt:new', ended_reason: 'password changed' },
    ]);
    // A new sign-in works as before.
    const after = await signIn(staffId, at(120));
    expect(await touch(after.id, at(180))).not.toBeNull();
  });

  it('signs a disabled member in nowhere, and ends the sessions they had', async () => {
    expect((await signIn(await member('catalogue', true))).started).toBeNull();
    const staffId = await member('catalogue');
    const { id } = await signIn(staffId);
    await database().query('update public.staff set disabled_at = $2 where id = $1', [staffId, at(30)]);
    expect(await touch(id, at(60))).toBeNull();
  });

  const invite = async (role: Role, now = T0) => {
    const { token, id } = newSessionToken();
    const email = `New.Member+${randomUUID().slice(0, 8)}@Example.com`;
    const made = await stores.staff.invite({ id, name: '  Ada Lovelace ', email, role, now, expiresAt: new Date(now.getTime() + 48 * 3600 * 1000) });
    return { token, id, email, made };
  };

  it('invites a member with no password, whom the link lets choose one once, within 48 hours', async () => {
    const { id, email, made } = await invite('catalogue');
    expect(made).toMatchObject({ username: email.toLowerCase(), email, name: 'Ada Lovelace', role: 'catalogue', passwordHash: null });
    expect(await stores.staff.invitation(id, at(60))).toEqual({ staffId: made!.id, name: 'Ada Lovelace', username: email.toLowerCase(), role: 'catalogue' });
    // Not signed in before a password is set: there is none to match.
    const listed = (await stores.staff.list(at(60))).find((member) => member.id === made!.id);
    expect(listed).toMatchObject({ hasPassword: false, lastSignInAt: null, invitationExpiresAt: at(48 * 3600) });

    const twice = await Promise.all([stores.staff.acceptInvitation(id, 'scrypt:first', at(120)), stores.staff.acceptInvitation(id, 'scrypt:second', at(120))]);
    expect(twice.filter((accepted) => accepted !== null)).toEqual([{ staffId: made!.id, username: email.toLowerCase() }]);
    expect(await stores.staff.invitation(id, at(180))).toBeNull();
    expect((await stores.staff.byUsername(email))?.passwordHash).toMatch(/^scrypt:(first|second)$/);
  });

  it('refuses an invitation past its 48 hours, and a second member with the same e-mail', async () => {
    const { id, email } = await invite('fulfilment');
    expect(await stores.staff.acceptInvitation(id, 'scrypt:late', at(48 * 3600))).toBeNull();
    expect((await stores.staff.byUsername(email))?.passwordHash).toBeNull();
    const again = await stores.staff.invite({ id: newSessionToken().id, name: 'Copy', email: email.toUpperCase(), role: 'owner', now: T0, expiresAt: at(3600) });
    expect(again).toBeNull();
  });

  it('replaces the link of a member who has not accepted, and gives none to one who has', async () => {
    const { id, made } = await invite('catalogue');
    const renewed = newSessionToken();
    expect(await stores.staff.reinvite(made!.id, renewed.id, at(60), at(3600))).toBe(true);
    expect(await stores.staff.invitation(id, at(120))).toBeNull();
    expect(await stores.staff.acceptInvitation(renewed.id, 'scrypt:chosen', at(120))).not.toBeNull();
    expect(await stores.staff.reinvite(made!.id, newSessionToken().id, at(180), at(3600))).toBe(false);
  });

  it('changes a role, disables a member (ending their sessions and their invitation), and enables them again', async () => {
    const staffId = await member('catalogue');
    const { id } = await signIn(staffId);
    expect(await stores.staff.update(staffId, { role: 'fulfilment' }, at(60))).toBe('updated');
    expect(await touch(id, at(90))).toMatchObject({ role: 'fulfilment' });
    expect(await stores.staff.update(staffId, { disabled: true }, at(120))).toBe('updated');
    expect(await touch(id, at(150))).toBeNull();
    expect((await signIn(staffId, at(160))).started).toBeNull();
    expect(await stores.staff.update(staffId, { disabled: false }, at(200))).toBe('updated');
    expect((await signIn(staffId, at(210))).started).not.toBeNull();
    expect(await stores.staff.update(randomUUID(), { role: 'owner' }, at(220))).toBe('not-found');

    const invited = await invite('catalogue');
    await stores.staff.update(invited.made!.id, { disabled: true }, at(230));
    expect(await stores.staff.invitation(invited.id, at(240))).toBeNull();
  });

  it('keeps one owner who can sign in: the last one can be neither demoted nor disabled, even by two owners at once', async () => {
    const extraOwner = await member('owner');
    await giveFactor(extraOwner);
    const owners = await ownersWhoCanSignIn();
    // Leave exactly two owners who can sign in, then let each demote the other at the same moment.
    for (const extra of owners.slice(2)) expect(await stores.staff.update(extra, { role: 'catalogue' }, at(10))).toBe('updated');
    const [first, second] = owners as [string, string];
    const outcomes = await Promise.all([stores.staff.update(first, { role: 'fulfilment' }, at(20)), stores.staff.update(second, { disabled: true }, at(20))]);
    expect([...outcomes].sort()).toEqual(['last-owner', 'updated']);
    const remaining = outcomes[0] === 'updated' ? second : first;
    expect(await stores.staff.update(remaining, { disabled: true }, at(30))).toBe('last-owner');
    expect(await stores.staff.update(remaining, { role: 'catalogue' }, at(30))).toBe('last-owner');
    expect(await stores.staff.update(remaining, { role: 'owner' }, at(30))).toBe('updated');
    expect(await ownersWhoCanSignIn()).toEqual([remaining]);
  });

  it('counts as the last owner only one who can sign in: an owner invited but not accepted, without a factor, or disabled is none', async () => {
    const [self] = await ownersWhoCanSignIn();
    // The attack: the owner invites a second owner, then demotes or disables themself before anyone has accepted.
    const second = await invite('owner');
    for (const change of [{ role: 'catalogue' }, { disabled: true }] as const) expect(await stores.staff.update(self!, change, at(10))).toBe('last-owner');
    // Accepted, a password but no factor yet: still nobody who can reach the panel.
    expect(await stores.staff.acceptInvitation(second.id, 'scrypt:second owner', at(20))).not.toBeNull();
    expect(await stores.staff.update(self!, { role: 'catalogue' }, at(30))).toBe('last-owner');
    // Another owner with a factor but disabled counts as none either.
    const disabledOwner = await member('owner', true);
    await giveFactor(disabledOwner);
    expect(await stores.staff.update(self!, { disabled: true }, at(40))).toBe('last-owner');
    // The owners who cannot sign in can be changed freely: that takes nothing away.
    expect(await stores.staff.update(disabledOwner, { role: 'fulfilment' }, at(50))).toBe('updated');
    // Once the second owner has set up a factor, the first may step down.
    await giveFactor(second.made!.id);
    expect(await stores.staff.update(self!, { role: 'catalogue' }, at(60))).toBe('updated');
    expect(await ownersWhoCanSignIn()).toEqual([second.made!.id]);
    expect(await stores.staff.update(second.made!.id, { role: 'catalogue' }, at(70))).toBe('last-owner');
  });

  it('gives a shop left without an owner who can sign in its owner back through the bootstrap login, once', async () => {
    // The state the old rule allowed: the bootstrap owner demoted (keeping its factor and a session),
    // the only owner an invitation nobody accepted.
    const username = `Bootstrap-${randomUUID().slice(0, 8)}`;
    await database().query(`update public.staff set role = 'catalogue' where role = 'owner'`);
    const { rows } = await database().query<{ id: string }>(
      `insert into public.staff (username, name, role, password_hash) values (lower($1), $1, 'catalogue', 'scrypt:old') returning id`,
      [username],
    );
    const demoted = rows[0]!.id;
    await giveFactor(demoted);
    const { id: session } = await signIn(demoted);
    await invite('owner');
    expect(await ownersWhoCanSignIn()).toEqual([]);

    const restored = await Promise.all([stores.staff.ensureOwner(username, 'scrypt:from the environment'), stores.staff.ensureOwner(username, 'scrypt:from the environment')]);
    expect(restored.filter(Boolean)).toHaveLength(1);
    expect(await stores.staff.byUsername(username)).toMatchObject({ id: demoted, role: 'owner', disabledAt: null, passwordHash: 'scrypt:from the environment' });
    expect(await ownersWhoCanSignIn()).toEqual([demoted]);
    // Its sessions end, as with any new password; the trail says what happened.
    expect(await touch(session, at(60))).toBeNull();
    const trail = await stores.audit.page({ subject: `staff:${demoted}`, kind: 'staff.bootstrap', limit: 10 });
    expect(trail.map(({ kind, actorId, after }) => ({ kind, actorId, after }))).toEqual([{ kind: 'staff.bootstrap', actorId: demoted, after: { role: 'owner', restored: true } }]);
    // With an owner who can sign in again, it does nothing more.
    expect(await stores.staff.ensureOwner(username, 'scrypt:another')).toBe(false);
  });
}

runOnEveryStore(runContract);
