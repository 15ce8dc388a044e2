import { NextRequest } from 'next/server';
import { SESSION_COOKIE } from '@/lib/auth/session';

/**
 * Calls a route handler as Next calls it, from the shop's own pages: same origin, the member's
 * session cookie (none: null), a JSON body when one is given, the path's parameters.
 */
type Handler = (request: NextRequest, context: { params: Promise<Record<string, string>> }) => Promise<Response>;

export type AdminCall = {
  cookie?: string | null;
  method?: string;
  /** Appended to the route's address: `?q=…`. */
  query?: string;
  body?: unknown;
  params?: Record<string, string>;
  headers?: Record<string, string>;
};

export function adminCall(handler: unknown, { cookie = null, method = 'GET', query = '', body, params = {}, headers = {} }: AdminCall = {}): Promise<Response> {
  return (handler as Handler)(
    new NextRequest(`http://shop.test/api/admin/route${query}`, {
      method,
      headers: {
        host: 'shop.test',
        origin: 'http://shop.test',
        ...(cookie ? { cookie: `${SESSION_COOKIE}=${cookie}` } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    }),
    { params: Promise.resolve(params) },
  );
}

/** The `error` of a refusal. */
export const errorOf = async (response: Response) => ((await response.json()) as { error: string }).error;
