import { NextResponse, type NextRequest } from 'next/server';
import { jsonError } from '@/lib/http/errors';
import { isRunByFrontDoor, RENDER_NONCE_HEADER } from '@/lib/http/front-door-stamps';
import { securityHeadersForRequest } from '@/lib/http/request-security';
import { createNonce } from '@/lib/http/security-headers';
import { isMutation, isSameOrigin } from '@/lib/auth/origin';
import { hasSealedAdminSession } from '@/lib/auth/request-session';
import { isMetadataDocumentRequest, withHeadMetadataMark } from '@/lib/seo/head-metadata';

/**
 * Runs before every request. It sets the security headers (lib/http/security-headers.ts) on the
 * response, and gives Next.js the policy on the request too: Next reads the nonce from it and puts
 * it on the page's scripts.
 *
 * It is also the first gate of the admin (DESIGN: Admin and security): the admin API answers 401
 * without a session and refuses cross-origin changes; the admin pages are kept out of search
 * engines. It is never the only check: the page and every route handler check the session again
 * themselves. It marks the document requests of watch pages and listings so that their metadata
 * is rendered in <head> (lib/seo/head-metadata.ts says why).
 *
 * The storefront's kept pages never reach it: ORX's server answers them before Next.js does
 * (lib/front-door/front-door.ts), and when it has one rendered to keep, it gives the nonce here.
 */
export async function proxy(request: NextRequest) {
  const nonce = renderNonce(request.headers) ?? createNonce();
  const security = securityHeadersForRequest(nonce);
  const requestHeaders = new Headers(request.headers);
  requestHeaders.set('content-security-policy', security['content-security-policy']!);
  const response = await route(request, requestHeaders);
  for (const [name, value] of Object.entries(security)) response.headers.set(name, value);
  return response;
}

/**
 * The nonce ORX's server renders a page to keep with (lib/document-cache/render.ts); believed only
 * under that server, which drops any a client sends (lib/http/front-door-stamps.ts).
 */
function renderNonce(headers: Headers): string | null {
  return isRunByFrontDoor() ? headers.get(RENDER_NONCE_HEADER) : null;
}

async function route(request: NextRequest, headers: Headers): Promise<Response> {
  const { pathname } = request.nextUrl;
  if (isMetadataDocumentRequest(request.method, pathname, headers)) {
    return NextResponse.next({ request: { headers: withHeadMetadataMark(headers) } });
  }
  const isAdminApi = pathname === '/api/admin' || pathname.startsWith('/api/admin/');
  if (isAdminApi || pathname === '/api/admin-session') {
    if (isMutation(request.method) && !isSameOrigin(request.headers)) return jsonError(403, 'Cross-origin request refused');
    if (isAdminApi && !(await hasSealedAdminSession(request.cookies))) return jsonError(401, 'Authentication required');
  }
  const response = NextResponse.next({ request: { headers } });
  if (pathname === '/admin' || pathname.startsWith('/admin/')) {
    response.headers.set('x-robots-tag', 'noindex, nofollow');
  }
  return response;
}

// Every response, static files included: the headers are cheap, and a file served without
// nosniff or frame-ancestors is where such gaps are found.
export const config = {
  matcher: '/:path*',
};
