import 'server-only';
import { staffStore } from '@/lib/staff/server-store';
import type { StaffSession } from '@/lib/staff/store';
import { getAdminCredentials } from './credentials';
import { SESSION_COOKIE, SESSION_IDLE_SECONDS, sessionIdOfCookie } from './session';

type CookieReader = { get(name: string): { value: string } | undefined };

/** A sign-in has this long between the password and the second factor. */
export const SECOND_FACTOR_WAIT_SECONDS = 10 * 60;

/** The proxy's first gate: whether the cookie's seal is intact, without asking the database. */
export async function hasSealedAdminSession(cookies: CookieReader): Promise<boolean> {
  return (await sessionIdOfCookie(cookies.get(SESSION_COOKIE)?.value, (await getAdminCredentials()).sessionSecret)) !== null;
}

/**
 * The session of these cookies (a request's, or next/headers' cookies()) if it still holds, whether
 * or not its second factor was given: only the second-factor step may use one that was not.
 */
export async function staffSessionOf(cookies: CookieReader, now = new Date()): Promise<StaffSession | null> {
  const id = await sessionIdOfCookie(cookies.get(SESSION_COOKIE)?.value, (await getAdminCredentials()).sessionSecret);
  const session = id === null ? null : await staffStore().touchSession(id, now, SESSION_IDLE_SECONDS);
  if (session?.secondFactorAt === null && now.getTime() - session.createdAt.getTime() >= SECOND_FACTOR_WAIT_SECONDS * 1000) return null;
  return session;
}

/** The member signed in with these cookies, password and second factor, if the session still holds. */
export async function adminSessionOf(cookies: CookieReader, now = new Date()): Promise<StaffSession | null> {
  const session = await staffSessionOf(cookies, now);
  return session?.secondFactorAt ? session : null;
}
