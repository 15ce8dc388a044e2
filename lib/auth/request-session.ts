import 'server-only';
import { getAdminCredentials } from './credentials';
import { isValidSession, SESSION_COOKIE } from './session';

type CookieReader = { get(name: string): { value: string } | undefined };

/** Whether these cookies (a request's, or next/headers' cookies()) carry a valid admin session. */
export async function hasAdminSession(cookies: CookieReader): Promise<boolean> {
  return isValidSession(cookies.get(SESSION_COOKIE)?.value, await getAdminCredentials());
}
