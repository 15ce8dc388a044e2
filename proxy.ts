import { NextResponse, type NextRequest } from 'next/server';
import { jsonError } from '@/lib/http/errors';
import { isMutation, isSameOrigin } from '@/lib/auth/origin';
import { hasAdminSession } from '@/lib/auth/request-session';
import { isWatchPageDocumentRequest, withHeadMetadataMark } from '@/lib/seo/head-metadata';

/**
 * The first gate of the admin (DESIGN: Admin and security): the admin API answers 401 without a
 * session and refuses cross-origin changes; the admin pages are kept out of search engines. It is
 * never the only check: the page and every route handler check the session again themselves.
 * It also marks the document requests of watch pages so that their metadata is rendered in <head>
 * (lib/seo/head-metadata.ts says why).
 */
export async function proxy(request: NextRequest) {
  const { pathname } = request.nextUrl;
  if (pathname.startsWith('/watches/')) {
    if (!isWatchPageDocumentRequest(request.method, pathname, request.headers)) return NextResponse.next();
    return NextResponse.next({ request: { headers: withHeadMetadataMark(request.headers) } });
  }
  if (pathname.startsWith('/api/')) {
    if (isMutation(request.method) && !isSameOrigin(request.headers)) return jsonError(403, 'Cross-origin request refused');
    const isAdminApi = pathname === '/api/admin' || pathname.startsWith('/api/admin/');
    if (isAdminApi && !(await hasAdminSession(request.cookies))) return jsonError(401, 'Authentication required');
    return NextResponse.next();
  }
  const response = NextResponse.next();
  response.headers.set('x-robots-tag', 'noindex, nofollow');
  return response;
}

export const config = {
  matcher: ['/admin', '/admin/:path*', '/api/admin', '/api/admin/:path*', '/api/admin-session', '/watches/:id'],
};
