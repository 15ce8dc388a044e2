import type { NextRequest } from 'next/server';
import { sessionRoute, signInRoute, signOutRoute } from '@/lib/sign-in/routes';

/** Which wallet this browser is signed in as ({ wallet: null } when none). */
export function GET(request: NextRequest) {
  return sessionRoute(request.cookies);
}

/** Signs the wallet in with its signed challenge: the session cookie. */
export function POST(request: Request) {
  return signInRoute(request);
}

/** Signs the wallet out, ending its session on the server too. */
export function DELETE(request: NextRequest) {
  return signOutRoute(request, request.cookies);
}
