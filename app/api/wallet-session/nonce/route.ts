import { challengeRoute } from '@/lib/sign-in/routes';

/** A Sign-In With Solana challenge: this site's domain, a single-use nonce, five minutes. */
export function POST(request: Request) {
  return challengeRoute(request);
}
