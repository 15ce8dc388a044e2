import 'server-only';
import { unstable_rethrow } from 'next/navigation';
import type { NextRequest } from 'next/server';
import { WatchValidationError } from '@/lib/catalog/schema';
import { isStockChangedError } from '@/lib/catalog/store';
import { isMutation, isSameOrigin } from '@/lib/auth/origin';
import { auditStore } from '@/lib/audit/server-store';
import type { NewAuditLine } from '@/lib/audit/store';
import { adminSessionOf } from '@/lib/auth/request-session';
import { parseTrustedProxyHops } from '@/lib/config';
import { actingAs } from '@/lib/db/audit-actor';
import { seenClientAddress } from '@/lib/http/client-address';
import { can, refusedMessage, type Capability } from '@/lib/staff/roles';
import type { StaffSession } from '@/lib/staff/store';
import { refusalAsHttpError } from '@/lib/http/refusal';
import { isStepUpRefusal } from '@/lib/db/refusal';
import { hasRecentFactor, stepUpRequired } from '@/lib/second-factor/step-up';
import { HttpError, jsonError } from '@/lib/http/errors';

type Context<P> = { params: Promise<P> };

/**
 * Wraps an admin route handler: it runs only for a session that still holds (401 otherwise, whatever
 * the proxy did), whose role has `capability` (403 otherwise, lib/staff/roles.ts), and, for a
 * change, only from the shop's own origin (403). Its database writes are recorded as the member's
 * in the audit trail (lib/db/audit-actor.ts). Bad input becomes a 4xx with its message; anything
 * else a 500 'Operation failed', logged on the server.
 */
export function adminRoute<P = Record<string, never>>(
  capability: Capability,
  handler: (request: NextRequest, params: P, session: StaffSession) => Promise<Response>,
) {
  return async (request: NextRequest, context: Context<P>): Promise<Response> => {
    try {
      const session = await adminSessionOf(request.cookies);
      if (!session) return jsonError(401, 'Authentication required');
      if (!can(session.role, capability)) return jsonError(403, refusedMessage(session.role));
      if (isMutation(request.method) && !isSameOrigin(request.headers)) return jsonError(403, 'Cross-origin request refused');
      const actor = {
        id: session.staffId,
        name: session.name,
        address: seenClientAddress(request.headers, parseTrustedProxyHops()),
        steppedUp: hasRecentFactor(session),
      };
      return await actingAs(actor, async () => handler(request, await context.params, session));
    } catch (error) {
      return errorResponse(error);
    }
  };
}

/** A line the server writes itself, for an admin action that changes no row: an export, a photo upload. */
export async function recordAction(request: NextRequest, session: StaffSession, line: Pick<NewAuditLine, 'kind' | 'subject' | 'after'>) {
  const address = seenClientAddress(request.headers, parseTrustedProxyHops());
  await auditStore().append({ actorId: session.staffId, actor: session.name, address, ...line });
}

export function errorResponse(error: unknown): Response {
  // Next's own signals (the build's prerender bailing out at the cookies) are Next's to handle.
  unstable_rethrow(error);
  // The database's own step-up: a price the member may set only with a recent second factor.
  const known = isStepUpRefusal(error) ? stepUpRequired() : error;
  if (known instanceof HttpError) return jsonError(known.status, known.message, known.details);
  if (error instanceof WatchValidationError) return jsonError(400, error.message);
  // With the watch as it is now, for the form to show the stock it must start from.
  if (isStockChangedError(error)) return jsonError(409, error.message, { watch: error.current });
  const refusal = refusalAsHttpError(error, 'The request');
  if (refusal) return jsonError(refusal.status, refusal.message);
  console.error('Admin request failed:', error);
  return jsonError(500, 'Operation failed');
}
