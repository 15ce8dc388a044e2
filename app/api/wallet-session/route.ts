import { signInRoute, signOutRoute } from '@/lib/sign-in/routes';

/** Signs the wallet in with its signed challenge: the session cookie. */
export function POST(request: Request) {
  return signInRoute(request);
}

/** Signs the wallet out. */
export function DELETE(request: Request) {
  return signOutRoute(request);
}
