import 'server-only';
import { createHash, randomBytes } from 'node:crypto';
import { sealData, unsealData } from 'iron-session';

/**
 * The admin session (issue 36): a row in the database per sign-in (lib/staff), named by a random
 * token that only the member's cookie holds; the database keeps its SHA-256. The cookie seals the
 * token with SESSION_SECRET, so that the proxy can turn away a forged cookie without asking the
 * database; the page and every admin route then ask the database whether the session still holds.
 * A session lasts 8 hours at most and ends after 30 minutes unused, or when it is ended.
 */

export const SESSION_TTL_SECONDS = 8 * 60 * 60;
export const SESSION_IDLE_SECONDS = 30 * 60;

/**
 * `__Host-` in production: the browser then keeps it only if it came over HTTPS (or from
 * localhost), for this host alone and the whole site. Development serves plain HTTP.
 */
export const SESSION_COOKIE = process.env.NODE_ENV === 'production' ? '__Host-orx_admin' : 'orx_admin';

type SealedSession = { token: string };

export type SessionCookie = {
  name: string;
  value: string;
  options: { httpOnly: true; sameSite: 'lax' | 'strict'; secure: boolean; path: '/'; maxAge: number };
};

export function sessionCookieOptions(maxAge: number, sameSite: 'lax' | 'strict' = 'lax'): SessionCookie['options'] {
  return { httpOnly: true, sameSite, secure: process.env.NODE_ENV === 'production', path: '/', maxAge };
}

/** A new session's token (for the cookie) and id (for the database). */
export function newSessionToken(): { token: string; id: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, id: sessionIdOf(token) };
}

export function sessionIdOf(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

/** SameSite=Strict: no other site's link or form carries it. */
export async function createSessionCookie(token: string, sessionSecret: string): Promise<SessionCookie> {
  const value = await sealData({ token } satisfies SealedSession, { password: sessionSecret, ttl: SESSION_TTL_SECONDS });
  return { name: SESSION_COOKIE, value, options: sessionCookieOptions(SESSION_TTL_SECONDS, 'strict') };
}

/** The cookie that ends the session in the browser. */
export function clearedSessionCookie(): SessionCookie {
  return { name: SESSION_COOKIE, value: '', options: sessionCookieOptions(0, 'strict') };
}

/** The session id a cookie names, if its seal is intact and made with this secret; else null. */
export async function sessionIdOfCookie(value: string | undefined, sessionSecret: string): Promise<string | null> {
  if (!value) return null;
  try {
    const { token } = await unsealData<Partial<SealedSession>>(value, { password: sessionSecret, ttl: SESSION_TTL_SECONDS });
    return typeof token === 'string' && token.length > 0 ? sessionIdOf(token) : null;
  } catch {
    return null;
  }
}
