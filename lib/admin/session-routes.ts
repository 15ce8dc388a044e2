import 'server-only';
import { NextResponse, type NextRequest } from 'next/server';
import { z } from '@/lib/zod';
import { getAdminCredentials } from '@/lib/auth/credentials';
import type { LoginThrottle } from '@/lib/auth/login-throttle';
import { isSameOrigin } from '@/lib/auth/origin';
import { textsEqual, verifyPassword } from '@/lib/auth/password';
import { createDeviceCookie, deviceOf, DEVICE_COOKIE } from '@/lib/auth/device-cookie';
import { clearedSessionCookie, createSessionCookie, type SessionCookie } from '@/lib/auth/session';
import { parseTrustedProxyHops } from '@/lib/config';
import { clientAddress } from '@/lib/http/client-address';
import { jsonError } from '@/lib/http/errors';
import { tooManyRequests } from '@/lib/http/too-many-requests';
import { readJsonObject } from './http';
import { errorResponse } from './route';

/**
 * What the login answers. SPEC §8 has one text for every failed login, so a throttled one says it
 * too: the 429 and Retry-After tell the browser to wait, the words tell an attacker nothing more.
 */
export const LOGIN_MESSAGES = {
  invalid: 'Invalid credentials. Access denied.',
  required: 'Username and password are required',
} as const;

const loginSchema = z.object({
  username: z.string().max(200),
  password: z.string().max(1024),
});

export async function logIn(request: NextRequest, throttle: LoginThrottle): Promise<Response> {
  if (!isSameOrigin(request.headers)) return jsonError(403, 'Cross-origin request refused');
  try {
    const body = loginSchema.safeParse(await readJsonObject(request));
    if (!body.success) return jsonError(400, LOGIN_MESSAGES.required);
    const { username, password } = body.data;
    const client = clientAddress(request.headers, parseTrustedProxyHops());
    const credentials = await getAdminCredentials();
    const device = await deviceOf(request.cookies.get(DEVICE_COOKIE)?.value, username, credentials.sessionSecret);
    // Checked before the password, so a throttled guess costs no scrypt work.
    const verdict = await throttle.attempt(username, client, device);
    if (verdict.blocked) return tooManyRequests(LOGIN_MESSAGES.invalid, verdict.retryAfterSeconds);

    // Both are always checked, so an unknown username takes as long as a wrong password.
    const userMatches = textsEqual(username, credentials.username);
    const passwordMatches = await verifyPassword(password, credentials.passwordHash);
    if (!userMatches || !passwordMatches) return jsonError(401, LOGIN_MESSAGES.invalid);

    await throttle.succeeded(username, client, device);
    // This browser is known from now on; a known one keeps its device id.
    const signedIn = withCookie(NextResponse.json({ ok: true }), await createSessionCookie(credentials));
    return withCookie(signedIn, await createDeviceCookie(credentials.username, credentials.sessionSecret, device ?? undefined));
  } catch (error) {
    return errorResponse(error);
  }
}

export function logOut(request: NextRequest): Response {
  if (!isSameOrigin(request.headers)) return jsonError(403, 'Cross-origin request refused');
  return withCookie(NextResponse.json({ ok: true }), clearedSessionCookie());
}

function withCookie(response: NextResponse, cookie: SessionCookie): NextResponse {
  response.cookies.set(cookie.name, cookie.value, cookie.options);
  response.headers.set('cache-control', 'no-store');
  return response;
}
