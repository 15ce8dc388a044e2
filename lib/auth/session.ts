import 'server-only';
import { sealData, unsealData } from 'iron-session';
import type { AdminCredentials } from './config';

/**
 * The admin session: an iron-session seal (encrypted and signed with SESSION_SECRET) in an
 * HttpOnly cookie that lasts 8 hours. A session names the operator; it stops being valid when it
 * expires, when the secret changes or when the configured username changes.
 */

export const SESSION_COOKIE = 'orx_admin';
export const SESSION_TTL_SECONDS = 8 * 60 * 60;

type AdminSession = { user: string; issuedAt: number };

export type SessionCookie = {
  name: string;
  value: string;
  options: { httpOnly: true; sameSite: 'lax'; secure: boolean; path: '/'; maxAge: number };
};

export function sessionCookieOptions(maxAge: number): SessionCookie['options'] {
  return { httpOnly: true, sameSite: 'lax', secure: process.env.NODE_ENV === 'production', path: '/', maxAge };
}

export async function createSessionCookie(credentials: AdminCredentials, now = Date.now()): Promise<SessionCookie> {
  const session: AdminSession = { user: credentials.username, issuedAt: now };
  const value = await sealData(session, { password: credentials.sessionSecret, ttl: SESSION_TTL_SECONDS });
  return { name: SESSION_COOKIE, value, options: sessionCookieOptions(SESSION_TTL_SECONDS) };
}

/** The cookie that ends the session in the browser. */
export function clearedSessionCookie(): SessionCookie {
  return { name: SESSION_COOKIE, value: '', options: sessionCookieOptions(0) };
}

/** True only for an intact, unexpired seal made with this secret for this username. */
export async function isValidSession(
  value: string | undefined,
  credentials: AdminCredentials,
  now = Date.now(),
): Promise<boolean> {
  if (!value) return false;
  let data: Partial<AdminSession>;
  try {
    data = await unsealData<AdminSession>(value, { password: credentials.sessionSecret, ttl: SESSION_TTL_SECONDS });
  } catch {
    return false;
  }
  if (typeof data.user !== 'string' || typeof data.issuedAt !== 'number') return false;
  const age = now - data.issuedAt;
  return data.user === credentials.username && age >= 0 && age < SESSION_TTL_SECONDS * 1000;
}
