import 'server-only';
import { randomBytes } from 'node:crypto';
import { NextResponse, type NextRequest } from 'next/server';
import { z } from '@/lib/zod';
import { auditStore } from '@/lib/audit/server-store';
import { getAdminCredentials } from '@/lib/auth/credentials';
import { createDeviceCookie, deviceOf, DEVICE_COOKIE } from '@/lib/auth/device-cookie';
import type { LoginThrottle } from '@/lib/auth/login-throttle';
import { isSameOrigin } from '@/lib/auth/origin';
import { ensureOwner } from '@/lib/auth/owner';
import { DEFAULT_SCRYPT, hashPassword, parsePasswordHash, verifyPassword } from '@/lib/auth/password';
import {
  clearedSessionCookie,
  createSessionCookie,
  newSessionToken,
  SESSION_COOKIE,
  SESSION_TTL_SECONDS,
  sessionIdOfCookie,
  type SessionCookie,
} from '@/lib/auth/session';
import { parseTrustedProxyHops } from '@/lib/config';
import { factorStore } from '@/lib/second-factor/server-store';
import { staffStore } from '@/lib/staff/server-store';
import { seenClientAddress, trustedClientAddress } from '@/lib/http/client-address';
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

/**
 * Checked in place of a member's hash for a username no one has, so that both take as long: made
 * with the parameters of the owner's configured hash, the account a guesser is likeliest to name.
 */
function unknownMemberHash(ownerHash: string): Promise<string> {
  const holder = globalThis as typeof globalThis & { __orxUnknownMemberHash?: Promise<string> };
  const { N, r, p } = parsePasswordHash(ownerHash) ?? DEFAULT_SCRYPT;
  return (holder.__orxUnknownMemberHash ??= hashPassword(randomBytes(24).toString('base64url'), { N, r, p }));
}

export async function logIn(request: NextRequest, throttle: LoginThrottle): Promise<Response> {
  if (!isSameOrigin(request.headers)) return jsonError(403, 'Cross-origin request refused');
  try {
    const body = loginSchema.safeParse(await readJsonObject(request));
    if (!body.success) return jsonError(400, LOGIN_MESSAGES.required);
    const { password } = body.data;
    // As Postgres holds it: a lone UTF-16 surrogate is no character, and reached the embedded
    // database as a broken byte sequence, which it refused (a 400 for a mere wrong login).
    const username = body.data.username.toWellFormed();
    const hops = parseTrustedProxyHops();
    const client = trustedClientAddress(request.headers, hops);
    const credentials = await getAdminCredentials();
    const device = await deviceOf(request.cookies.get(DEVICE_COOKIE)?.value, username, credentials.sessionSecret);
    // Checked before the password, so a throttled guess costs no scrypt work.
    const verdict = await throttle.attempt(username, client, device);
    if (verdict.blocked) return tooManyRequests(LOGIN_MESSAGES.invalid, verdict.retryAfterSeconds);

    await ensureOwner();
    const store = staffStore();
    // Postgres text holds no NUL: a username with one is no member's.
    const member = username.includes('\0') ? null : await store.byUsername(username);
    const passwordMatches = await verifyPassword(password, member?.passwordHash ?? (await unknownMemberHash(credentials.passwordHash)));
    const address = seenClientAddress(request.headers, hops);
    const { token, id } = newSessionToken();
    const now = new Date();
    const started =
      member && member.disabledAt === null && passwordMatches
        ? await store.startSession({
            id,
            staffId: member.id,
            now,
            expiresAt: new Date(now.getTime() + SESSION_TTL_SECONDS * 1000),
            device: request.headers.get('user-agent') ?? '',
            address,
          })
        : null;
    if (!started || !member) {
      // A name that is no member's is not written down: it touches no account, and its text is the
      // guesser's, who could otherwise fill the append-only trail with whatever they like.
      if (member) await auditStore().append({ actorId: member.id, actor: member.name, address, kind: 'staff.sign-in-failed', subject: `staff:${member.id}`, after: null });
      return jsonError(401, LOGIN_MESSAGES.invalid);
    }

    await throttle.succeeded(username, client, device);
    // The password alone reaches only the second-factor step: set one up at the first sign-in, give it after.
    const secondFactor = (await factorStore().factorsOf(member.id)).length > 0 ? 'verify' : 'enrol';
    // This browser is known from now on; a known one keeps its device id.
    const signedIn = withCookie(NextResponse.json({ ok: true, secondFactor }), await createSessionCookie(token, credentials.sessionSecret));
    return withCookie(signedIn, await createDeviceCookie(username, credentials.sessionSecret, device ?? undefined));
  } catch (error) {
    return errorResponse(error);
  }
}

/** Ends the session on the server as well as in the browser. */
export async function logOut(request: NextRequest): Promise<Response> {
  if (!isSameOrigin(request.headers)) return jsonError(403, 'Cross-origin request refused');
  try {
    const id = await sessionIdOfCookie(request.cookies.get(SESSION_COOKIE)?.value, (await getAdminCredentials()).sessionSecret);
    if (id !== null) await staffStore().endSessions({ sessionId: id }, 'signed out');
    return withCookie(NextResponse.json({ ok: true }), clearedSessionCookie());
  } catch (error) {
    return errorResponse(error);
  }
}

function withCookie(response: NextResponse, cookie: SessionCookie): NextResponse {
  response.cookies.set(cookie.name, cookie.value, cookie.options);
  response.headers.set('cache-control', 'no-store');
  return response;
}
