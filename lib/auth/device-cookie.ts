import 'server-only';
import { randomUUID } from 'node:crypto';
import { sealData, unsealData } from 'iron-session';
import { sessionCookieOptions, type SessionCookie } from './session';

/**
 * The mark of a browser that has signed in to the back office before (OWASP's "device cookie"):
 * sealed with SESSION_SECRET, naming the username and a random device id. Its failed logins are
 * counted apart from everyone else's for that username (lib/auth/login-throttle.ts), so strangers
 * guessing the operator's password cannot keep the operator's own browser out. It proves nothing
 * else: the password is still checked.
 */
/** `__Host-` in production, like the session's (lib/auth/session.ts). */
export const DEVICE_COOKIE = process.env.NODE_ENV === 'production' ? '__Host-orx_admin_device' : 'orx_admin_device';
export const DEVICE_TTL_SECONDS = 180 * 24 * 60 * 60;

type Device = { user: string; device: string };

const userKey = (username: string) => username.trim().toLowerCase();

export async function createDeviceCookie(username: string, sessionSecret: string, device: string = randomUUID()): Promise<SessionCookie> {
  const value = await sealData({ user: userKey(username), device } satisfies Device, { password: sessionSecret, ttl: DEVICE_TTL_SECONDS });
  return { name: DEVICE_COOKIE, value, options: sessionCookieOptions(DEVICE_TTL_SECONDS) };
}

/** The device id of an intact seal made with this secret for `username`; null for anything else. */
export async function deviceOf(value: string | undefined, username: string, sessionSecret: string): Promise<string | null> {
  if (!value) return null;
  let data: Partial<Device>;
  try {
    data = await unsealData<Device>(value, { password: sessionSecret, ttl: DEVICE_TTL_SECONDS });
  } catch {
    return null;
  }
  return data.user === userKey(username) && typeof data.device === 'string' ? data.device : null;
}
