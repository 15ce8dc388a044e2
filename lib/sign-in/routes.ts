import 'server-only';
import { NextResponse } from 'next/server';
import { getAdminCredentials } from '@/lib/auth/credentials';
import { isSameOrigin } from '@/lib/auth/origin';
import type { SessionCookie } from '@/lib/auth/session';
import { siteUrl } from '@/lib/config';
import { refusalAsHttpError } from '@/lib/http/refusal';
import { HttpError, jsonError } from '@/lib/http/errors';
import { isJsonRequest, readJsonBody } from '@/lib/http/json-body';
import { tooManyRequests } from '@/lib/http/too-many-requests';
import { buyerOrders } from '@/lib/orders/buyer-orders';
import { takeClientLimit, type ClientLimit } from '@/lib/throttle/client-limit';
import { catalogStore } from '@/lib/catalog/server-store';
import { orderStore } from '@/lib/orders/server-store';
import type { Refund } from '@/lib/orders/refund';
import { throttleStore } from '@/lib/throttle/server-store';
import { clearedWalletSessionCookie, startWalletSession, walletSessionIdOf, WALLET_SESSION_COOKIE } from './session';
import { issueChallenge, verifySignInProof } from './verify';
import { signInNonceStore, walletSessionStore } from './server-store';

/**
 * Sign-In With Solana and "My Orders": POST /api/wallet-session/nonce (a challenge), POST
 * /api/wallet-session (the signed challenge, answered with the session cookie), DELETE
 * /api/wallet-session (sign out), GET /api/wallet-session (who is signed in), GET /api/my-orders
 * (the signed-in wallet's orders only).
 */

const MAX_BODY_BYTES = 8 * 1024;
/** Each challenge is a database row: a client asks for a bounded number. */
const SIGN_IN_LIMIT: ClientLimit = {
  purpose: 'sign-in-client',
  perClient: 30,
  policy: { windowSeconds: 10 * 60, baseDelaySeconds: 60, maxDelaySeconds: 10 * 60 },
};
/**
 * Each signed challenge is a signature check and, when it holds, a session row: a client address
 * signs in a bounded number of wallets. A buyer signs in once a day per wallet (two tabs share the
 * cookie); twenty leaves room for a household behind one router and for signatures refused and
 * tried again, while a script with fresh wallets gets twenty, then waits 1, 2, 4… minutes.
 */
const WALLET_SIGN_IN_LIMIT: ClientLimit = {
  purpose: 'wallet-sign-in-client',
  perClient: 20,
  policy: { windowSeconds: 10 * 60, baseDelaySeconds: 60, maxDelaySeconds: 10 * 60 },
};

type CookieReader = { get(name: string): { value: string } | undefined };

/** The wallet a request's (or a page's) cookies are signed in as; null when none. */
export async function signedInWallet(cookies: CookieReader): Promise<string | null> {
  const id = await sessionIdOf(cookies);
  return id === null ? null : walletSessionStore().walletOf(id, new Date());
}

const sessionIdOf = async (cookies: CookieReader) =>
  walletSessionIdOf(cookies.get(WALLET_SESSION_COOKIE)?.value, (await getAdminCredentials()).sessionSecret);

async function answer(doing: string, handler: () => Promise<Response>): Promise<Response> {
  try {
    return await handler();
  } catch (error) {
    const known = error instanceof HttpError ? error : refusalAsHttpError(error, 'The sign-in request');
    if (known) return jsonError(known.status, known.message);
    console.error(`Sign-in: could not ${doing}`, error);
    return jsonError(503, `Could not ${doing} right now. Please try again.`);
  }
}

function withCookie(response: NextResponse, cookie: SessionCookie): NextResponse {
  response.cookies.set(cookie.name, cookie.value, cookie.options);
  response.headers.set('cache-control', 'no-store');
  return response;
}

export function challengeRoute(request: Request): Promise<Response> {
  return answer('start the sign-in', async () => {
    if (!isSameOrigin(request.headers)) return jsonError(403, 'Cross-origin request refused');
    const retryAfter = await takeClientLimit(request.headers, throttleStore(), SIGN_IN_LIMIT);
    if (retryAfter !== null) return tooManyRequests('Too many sign-in attempts from your connection. Please try again later.', retryAfter);
    const challenge = await issueChallenge({ nonces: signInNonceStore(), site: siteUrl(), now: new Date() });
    return NextResponse.json(challenge, { headers: { 'cache-control': 'no-store' } });
  });
}

/** How each refusal of a sign-in answers. */
const SIGN_IN_REFUSAL_STATUS = { malformed: 400, refused: 401 } as const;

export function signInRoute(request: Request): Promise<Response> {
  return answer('sign you in', async () => {
    if (!isSameOrigin(request.headers)) return jsonError(403, 'Cross-origin request refused');
    const retryAfter = await takeClientLimit(request.headers, throttleStore(), WALLET_SIGN_IN_LIMIT);
    if (retryAfter !== null) return tooManyRequests('Too many wallet sign-ins from your connection. Please try again later.', retryAfter);
    if (!isJsonRequest(request)) return jsonError(415, 'Send the body as application/json');
    const outcome = await verifySignInProof(await readJsonBody(request, MAX_BODY_BYTES), {
      nonces: signInNonceStore(),
      site: siteUrl(),
      now: new Date(),
    });
    if (!outcome.ok) return jsonError(SIGN_IN_REFUSAL_STATUS[outcome.reason], outcome.message);
    const { sessionSecret } = await getAdminCredentials();
    return withCookie(NextResponse.json({ wallet: outcome.wallet }), await startWalletSession(walletSessionStore(), outcome.wallet, sessionSecret));
  });
}

/** Disconnect: the session ends on the server too, so a copy of the cookie opens nothing. */
export function signOutRoute(request: Request, cookies: CookieReader): Promise<Response> {
  return answer('sign you out', async () => {
    if (!isSameOrigin(request.headers)) return jsonError(403, 'Cross-origin request refused');
    const id = await sessionIdOf(cookies);
    if (id !== null) await walletSessionStore().end(id);
    return withCookie(NextResponse.json({ ok: true }), clearedWalletSessionCookie());
  });
}

/** The purchase dialog asks before it pays: a wallet already signed in is not asked to sign again. */
export function sessionRoute(cookies: CookieReader): Promise<Response> {
  return answer('check your sign-in', async () =>
    NextResponse.json({ wallet: await signedInWallet(cookies) }, { headers: { 'cache-control': 'private, no-store' } }),
  );
}

/** `refundsOf`: the refunds of these orders (lib/refunds), handed in by the route so this folder needs no store of them. */
export function myOrdersRoute(cookies: CookieReader, refundsOf: (orderIds: string[]) => Promise<Refund[]>): Promise<Response> {
  return answer('load your orders', async () => {
    const wallet = await signedInWallet(cookies);
    if (!wallet) return jsonError(401, 'Sign in with your wallet to see your orders');
    return NextResponse.json({ wallet, orders: await buyerOrders(wallet, { orders: orderStore(), catalog: catalogStore(), refundsOf }) }, { headers: { 'cache-control': 'private, no-store' } });
  });
}
