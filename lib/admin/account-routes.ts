import 'server-only';
import { NextResponse, type NextRequest } from 'next/server';
import { getAdminCredentials } from '@/lib/auth/credentials';
import { deviceOf, DEVICE_COOKIE } from '@/lib/auth/device-cookie';
import type { LoginThrottle } from '@/lib/auth/login-throttle';
import { hashPassword, verifyPassword } from '@/lib/auth/password';
import { clearedSessionCookie, SESSION_IDLE_SECONDS } from '@/lib/auth/session';
import { HttpError } from '@/lib/http/errors';
import { tooManyRequests } from '@/lib/http/too-many-requests';
import { staffStore } from '@/lib/staff/server-store';
import type { StaffSession } from '@/lib/staff/store';
import { PASSWORD_MIN_LENGTH, type Account } from './account-query';
import { z } from '@/lib/zod';
import { parseOrThrow, readJsonObject } from './http';
import { recordAction } from './route';

/** A member's own account (issue 36): the sessions signed in as them, and their password. */

export const ACCOUNT_MESSAGES = {
  wrongPassword: 'Your current password is not correct.',
  tooManyTries: 'Too many wrong passwords. Please wait before trying again.',
  tooShort: `A password needs at least ${PASSWORD_MIN_LENGTH} characters.`,
  sessionNotFound: 'That session was not found, or has already ended.',
} as const;

export async function accountOf(session: StaffSession, now = new Date()): Promise<Account> {
  const records = await staffStore().sessionsOf(session.staffId, now, SESSION_IDLE_SECONDS);
  return {
    name: session.name,
    username: session.username,
    role: session.role,
    sessions: records.map((record) => ({
      id: record.sessionId,
      createdAt: record.createdAt.toISOString(),
      lastSeenAt: record.lastSeenAt.toISOString(),
      expiresAt: record.expiresAt.toISOString(),
      device: record.device,
      address: record.address,
      open: record.open,
      current: record.sessionId === session.sessionId,
    })),
  };
}

/** Ends one of the member's own sessions (`id`), or all of them. Ending the current one signs this browser out too. */
export async function endOwnSessions(session: StaffSession, id: string | null): Promise<Response> {
  const ended = await staffStore().endSessions(id === null ? { staffId: session.staffId } : { staffId: session.staffId, sessionId: id }, id === null ? 'signed out everywhere' : 'ended by its member');
  if (id !== null && ended === 0) throw new HttpError(404, ACCOUNT_MESSAGES.sessionNotFound);
  return signedOutIf(id === null || id === session.sessionId, { ended });
}

const passwordChange = z.object({
  current: z.string().max(1024),
  next: z.string().min(PASSWORD_MIN_LENGTH, ACCOUNT_MESSAGES.tooShort).max(1024, 'A password may have at most 1024 characters.'),
});

/**
 * A new password ends every session of the account, this one included: the member signs in again
 * with it. The current password is checked like a sign-in's (issue 47): counted before scrypt in
 * the login throttle's bucket for the member (or this browser's, when it signed in before), so a
 * stolen session guesses it no faster than the login would, and each wrong one is on the trail.
 */
export async function changeOwnPassword(session: StaffSession, request: NextRequest, throttle: LoginThrottle): Promise<Response> {
  const { current, next } = parseOrThrow(passwordChange, await readJsonObject(request));
  const device = await deviceOf(request.cookies.get(DEVICE_COOKIE)?.value, session.username, (await getAdminCredentials()).sessionSecret);
  const verdict = await throttle.attempt(session.username, null, device);
  if (verdict.blocked) return tooManyRequests(ACCOUNT_MESSAGES.tooManyTries, verdict.retryAfterSeconds);
  const store = staffStore();
  const member = await store.byUsername(session.username);
  if (!member?.passwordHash || !(await verifyPassword(current, member.passwordHash))) {
    await recordAction(request, session, { kind: 'staff.password-change-failed', subject: `staff:${session.staffId}`, after: null });
    throw new HttpError(403, ACCOUNT_MESSAGES.wrongPassword);
  }
  await throttle.succeeded(session.username, null, device);
  await store.setPassword(member.id, await hashPassword(next));
  return signedOutIf(true, { ok: true });
}

function signedOutIf(signedOut: boolean, body: object): Response {
  const response = NextResponse.json({ ...body, signedOut }, { headers: { 'cache-control': 'no-store' } });
  if (signedOut) {
    const cookie = clearedSessionCookie();
    response.cookies.set(cookie.name, cookie.value, cookie.options);
  }
  return response;
}
