import 'server-only';
import type { NextRequest } from 'next/server';
import { WatchValidationError } from '@/lib/catalog/schema';
import { isStockChangedError } from '@/lib/catalog/store';
import { isMutation, isSameOrigin } from '@/lib/auth/origin';
import { hasAdminSession } from '@/lib/auth/request-session';
import { refusalAsHttpError } from '@/lib/http/refusal';
import { HttpError, jsonError } from '@/lib/http/errors';

type Context<P> = { params: Promise<P> };

/**
 * Wraps an admin route handler: it runs only for a valid admin session (401 otherwise, whatever
 * the proxy did) and, for a change, only from the shop's own origin (403). Bad input becomes a 4xx
 * with its message; anything else a 500 'Operation failed', logged on the server.
 */
export function adminRoute<P = Record<string, never>>(handler: (request: NextRequest, params: P) => Promise<Response>) {
  return async (request: NextRequest, context: Context<P>): Promise<Response> => {
    if (!(await hasAdminSession(request.cookies))) return jsonError(401, 'Authentication required');
    if (isMutation(request.method) && !isSameOrigin(request.headers)) return jsonError(403, 'Cross-origin request refused');
    try {
      return await handler(request, await context.params);
    } catch (error) {
      return errorResponse(error);
    }
  };
}

export function errorResponse(error: unknown): Response {
  if (error instanceof HttpError) return jsonError(error.status, error.message);
  if (error instanceof WatchValidationError) return jsonError(400, error.message);
  // With the watch as it is now, for the form to show the stock it must start from.
  if (isStockChangedError(error)) return jsonError(409, error.message, { watch: error.current });
  const refusal = refusalAsHttpError(error, 'The request');
  if (refusal) return jsonError(refusal.status, refusal.message);
  console.error('Admin request failed:', error);
  return jsonError(500, 'Operation failed');
}
