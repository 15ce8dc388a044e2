import 'server-only';
import { NextResponse, type NextRequest } from 'next/server';
import { isSameOrigin } from '@/lib/auth/origin';
import { hashPassword } from '@/lib/auth/password';
import { sessionIdOf } from '@/lib/auth/session';
import { HttpError, jsonError } from '@/lib/http/errors';
import { tooManyRequests } from '@/lib/http/too-many-requests';
import { ROLE_LABELS } from '@/lib/staff/roles';
import { staffStore } from '@/lib/staff/server-store';
import { takeClientLimit, type ClientLimit } from '@/lib/throttle/client-limit';
import { throttleStore } from '@/lib/throttle/server-store';
import { z } from '@/lib/zod';
import { PASSWORD_MIN_LENGTH } from './account-query';
import { parseOrThrow, readJsonObject } from './http';
import { errorResponse } from './route';

/** A new member's side of an invitation (issue 36): who it is for, then their password. */

export const INVITATION_MESSAGES = {
  invalid: 'This invitation link cannot be used any more. Ask the shop\'s owner for a new one.',
  tooShort: `A password needs at least ${PASSWORD_MIN_LENGTH} characters.`,
} as const;

const token = z.string().min(1, INVITATION_MESSAGES.invalid).max(200, INVITATION_MESSAGES.invalid);
const lookupSchema = z.object({ token });
const acceptSchema = z.object({
  token,
  password: z.string().min(PASSWORD_MIN_LENGTH, INVITATION_MESSAGES.tooShort).max(1024, 'A password may have at most 1024 characters.'),
});

/** Each look-up reads the database: a client makes a bounded number, as with the wallet's sign-in. */
const INVITATION_LIMIT: ClientLimit = {
  purpose: 'staff-invitation-client',
  perClient: 30,
  policy: { windowSeconds: 10 * 60, baseDelaySeconds: 60, maxDelaySeconds: 10 * 60 },
};

async function answer(request: NextRequest, work: () => Promise<unknown>): Promise<Response> {
  if (!isSameOrigin(request.headers)) return jsonError(403, 'Cross-origin request refused');
  try {
    const retryAfter = await takeClientLimit(request.headers, throttleStore(), INVITATION_LIMIT);
    if (retryAfter !== null) return tooManyRequests('Too many tries from your connection. Please wait a moment and try again.', retryAfter);
    return NextResponse.json(await work(), { headers: { 'cache-control': 'no-store' } });
  } catch (error) {
    return errorResponse(error);
  }
}

/** Who the invitation is for, while it can be used. */
export function lookUpInvitation(request: NextRequest): Promise<Response> {
  return answer(request, async () => {
    const { token: value } = parseOrThrow(lookupSchema, await readJsonObject(request));
    const invitation = await staffStore().invitation(sessionIdOf(value), new Date());
    if (!invitation) throw new HttpError(404, INVITATION_MESSAGES.invalid);
    return { name: invitation.name, username: invitation.username, role: ROLE_LABELS[invitation.role] };
  });
}

/** Sets the new member's password and uses the invitation up; they then sign in at /admin. */
export function acceptInvitation(request: NextRequest): Promise<Response> {
  return answer(request, async () => {
    const { token: value, password } = parseOrThrow(acceptSchema, await readJsonObject(request));
    const id = sessionIdOf(value);
    const now = new Date();
    // Looked up first, so a link that cannot be used costs no scrypt work.
    if (!(await staffStore().invitation(id, now))) throw new HttpError(404, INVITATION_MESSAGES.invalid);
    const accepted = await staffStore().acceptInvitation(id, await hashPassword(password), now);
    if (!accepted) throw new HttpError(404, INVITATION_MESSAGES.invalid);
    return { username: accepted.username };
  });
}
