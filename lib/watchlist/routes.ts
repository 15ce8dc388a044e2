import 'server-only';
import { NextResponse } from 'next/server';
import { getAdminCredentials } from '@/lib/auth/credentials';
import { isSameOrigin } from '@/lib/auth/origin';
import { parseDeliveryConfig } from '@/lib/events/config';
import { HttpError, jsonError } from '@/lib/http/errors';
import { isJsonRequest, readJsonBody } from '@/lib/http/json-body';
import { refusalAsHttpError } from '@/lib/http/refusal';
import { tooManyRequests } from '@/lib/http/too-many-requests';
import { signedInWallet } from '@/lib/sign-in/routes';
import { takeClientLimit, type ClientLimit } from '@/lib/throttle/client-limit';
import { throttleStore } from '@/lib/throttle/server-store';
import { z } from '@/lib/zod';
import { parseSubscription, tokenSchema } from './request';
import { watchlistStore } from './server-store';
import { subscribe } from './subscribe';
import { watcherOfToken, type LinkPurpose } from './tokens';

/**
 * The watchlist's JSON routes (issue 52, docs/watchlist.md): POST /api/watchlist (watch a piece or
 * save a search), GET /api/watchlist and DELETE /api/watchlist/{id} (the signed-in wallet's list),
 * POST /api/watchlist/confirm (the confirmation's button) and POST /api/watchlist/unsubscribe
 * (RFC 8058 one-click, and the unsubscribe page's button).
 */

const MAX_BODY_BYTES = 8 * 1024;
/**
 * Each request may write a watcher and queue a confirmation: a client asks a bounded number of
 * times. Twenty in ten minutes is a collector going through a catalogue; a script filling the
 * table with strangers' addresses waits 1, 2, 4… minutes (and each address gets one confirmation a
 * day at most whatever it does).
 */
const SUBSCRIBE_LIMIT: ClientLimit = {
  purpose: 'watchlist-client',
  perClient: 20,
  policy: { windowSeconds: 10 * 60, baseDelaySeconds: 60, maxDelaySeconds: 10 * 60 },
};

type CookieReader = Parameters<typeof signedInWallet>[0];

const NO_STORE = { 'cache-control': 'private, no-store' };
const EXPIRED_LINK = 'This link has expired or is not one of ours. Ask again from the watch’s page or the listing.';

async function answer(doing: string, handler: () => Promise<Response>): Promise<Response> {
  try {
    return await handler();
  } catch (error) {
    const known = error instanceof HttpError ? error : refusalAsHttpError(error, 'The watchlist request');
    if (known) return jsonError(known.status, known.message, known.details);
    console.error(`Watchlist: could not ${doing}`, error);
    return jsonError(503, `Could not ${doing} right now. Please try again.`);
  }
}

async function jsonBody(request: Request): Promise<unknown> {
  if (!isJsonRequest(request)) throw new HttpError(415, 'Send the body as application/json');
  return readJsonBody(request, MAX_BODY_BYTES);
}

const watcherOf = async (token: string, purpose: LinkPurpose) => watcherOfToken(token, purpose, (await getAdminCredentials()).sessionSecret);

/** "Notify me" and "Save this search". */
export function subscribeRoute(request: Request, cookies: CookieReader): Promise<Response> {
  return answer('save your alert', async () => {
    if (!isSameOrigin(request.headers)) return jsonError(403, 'Cross-origin request refused');
    // Without a mail server nothing could be confirmed or told: no one is told "check your inbox".
    // Switched off by configuration, as POST /api/jobs/settle is without CRON_SECRET: 404.
    if (!parseDeliveryConfig().mail) return jsonError(404, 'E-mail alerts are not available on this shop.');
    const retryAfter = await takeClientLimit(request.headers, throttleStore(), SUBSCRIBE_LIMIT);
    if (retryAfter !== null) return tooManyRequests('Too many alerts asked from your connection. Please try again later.', retryAfter);
    const parsed = parseSubscription(await jsonBody(request));
    if (!parsed.ok) return jsonError(400, parsed.message);
    const result = await subscribe(parsed.subscription, await signedInWallet(cookies), watchlistStore());
    if (result.ok) return NextResponse.json({ state: result.state, message: result.message }, { status: 202, headers: NO_STORE });
    if (result.reason === 'email_needed') return jsonError(422, result.message, { emailNeeded: true });
    return jsonError(result.reason === 'unknown_watch' ? 404 : 400, result.message);
  });
}

/** The signed-in wallet's watchlist. */
export function watchlistRoute(cookies: CookieReader): Promise<Response> {
  return answer('load your watchlist', async () => {
    const wallet = await signedInWallet(cookies);
    if (!wallet) return jsonError(401, 'Sign in with your wallet to see your watchlist');
    return NextResponse.json(await watchlistStore().ofWallet(wallet), { headers: NO_STORE });
  });
}

const itemId = z.guid();

/** Remove from My Orders › Watchlist: a piece or a saved search of this wallet's. */
export function removeRoute(request: Request, cookies: CookieReader, id: string): Promise<Response> {
  return answer('remove it from your watchlist', async () => {
    if (!isSameOrigin(request.headers)) return jsonError(403, 'Cross-origin request refused');
    const wallet = await signedInWallet(cookies);
    if (!wallet) return jsonError(401, 'Sign in with your wallet to change your watchlist');
    const removed = itemId.safeParse(id).success && (await watchlistStore().remove(wallet, id));
    return removed ? new Response(null, { status: 204, headers: NO_STORE }) : jsonError(404, 'It is not on your watchlist');
  });
}

/** The confirmation e-mail's link, pressed on its page (a button: mail scanners open links, they do not press). */
export function confirmRoute(request: Request): Promise<Response> {
  return answer('confirm your alerts', async () => {
    if (!isSameOrigin(request.headers)) return jsonError(403, 'Cross-origin request refused');
    const parsed = tokenSchema.safeParse(await jsonBody(request));
    if (!parsed.success) return jsonError(400, parsed.error.issues[0]?.message ?? 'The link has no token.');
    const watcher = await watcherOf(parsed.data.token, 'confirm');
    const confirmed = watcher && (await watchlistStore().confirm(watcher));
    if (confirmed === null || confirmed === undefined) return jsonError(404, EXPIRED_LINK);
    return NextResponse.json({ confirmed, message: 'Confirmed. We will e-mail you when it happens.' }, { headers: NO_STORE });
  });
}

/**
 * Unsubscribe: the address and all it watched are deleted. RFC 8058's one-click POST comes from
 * the mail provider, not the shop's pages, so no origin is asked for: the link's token is the
 * authority. Pressed twice, it is done twice: the second finds nothing left and says so the same way.
 */
export function unsubscribeRoute(request: Request): Promise<Response> {
  return answer('unsubscribe you', async () => {
    const token = new URL(request.url).searchParams.get('token') ?? '';
    const watcher = await watcherOf(token, 'unsubscribe');
    if (!watcher) return jsonError(404, EXPIRED_LINK);
    await watchlistStore().forget(watcher);
    return NextResponse.json({ forgotten: true, message: 'Done. Your address and its watches are deleted.' }, { headers: NO_STORE });
  });
}
