import 'server-only';
import { staffStore } from '@/lib/staff/server-store';
import type { StaffSession } from '@/lib/staff/store';
import { getAdminCredentials } from './credentials';
import { SESSION_COOKIE, SESSION_IDLE_SECONDS, sessionIdOfCookie } from './session';

type CookieReader = { get(name: string): { value: string } | undefined };

/** The proxy's first gate: whether the cookie's seal is intact, without asking the database. */
export async function hasSealedAdminSession(cookies: CookieReader): Promise<boolean> {
  return (await sessionIdOfCookie(cookies.get(SESSION_COOKIE)?.value, (await getAdminCredentials()).sessionSecret)) !== null;
}

/** The member signed in with these cookies (a request's, or next/headers' cookies()), if the session still holds. */
export async function adminSessionOf(cookies: CookieReader, now = new Date()): Promise<StaffSession | null> {
  const id = await sessionIdOfCookie(cookies.get(SESSION_COOKIE)?.value, (await getAdminCredentials()).sessionSecret);
  return id === null ? null : staffStore().touchSession(id, now, SESSION_IDLE_SECONDS);
}
