import 'server-only';
import type { ActionsJson } from '@solana/actions';
import { connection } from 'next/server';
import { z } from '@/lib/zod';
import { revalidateCatalog } from '@/lib/catalog/revalidate';
import { catalogStore } from '@/lib/catalog/server-store';
import type { Watch } from '@/lib/catalog/types';
import { parseUsdcRateMaxAgeMs, siteUrl } from '@/lib/config';
import { jsonError } from '@/lib/http/errors';
import { limitOrderRequest } from '@/lib/orders/rate-limit';
import { orderStore } from '@/lib/orders/server-store';
import { throttleStore } from '@/lib/throttle/server-store';
import { isRateFresh } from '@/lib/checkout/server/intent';
import { checkOnce } from '@/lib/checkout/server/check-once';
import { limitPaymentRequest } from '@/lib/checkout/server/request-limits';
import { intentDependencies, jsonBody, refusalResponse, withPayments } from '@/lib/checkout/server/routes';
import { paymentsRuntime, solRate } from '@/lib/checkout/server/runtime';
import { walletAnswer, walletRequestHeaders } from '@/lib/checkout/server/wallet-request-headers';
import { usdValue } from '@/lib/price/format';
import { watchAction, type WatchAvailability } from './watch-action';
import { buyByAction } from './purchase';
import { paidAction } from './paid';

/**
 * The route handlers of ORX's Solana Actions (docs/actions.md): a watch's Action (GET, POST,
 * OPTIONS), its next step once paid, and /actions.json. Wallets and blink sites call them from
 * their own origins and read `{ message }` on an error: every answer carries the wallet headers.
 */

const watchIdSchema = z.guid();
const connectionOrNull = () => paymentsRuntime()?.connection ?? null;
const NO_WATCH = 'No watch with that id is in the catalogue';

/** OPTIONS on any Action or /actions.json: the CORS preflight. */
export async function actionOptions(): Promise<Response> {
  await connection();
  return new Response(null, { status: 204, headers: await walletRequestHeaders(connectionOrNull()) });
}

/**
 * GET /actions.json: the watch pages' Actions, so a wallet unfurls a shared watch page as a Buy
 * card. A shop without real payments has none to offer (an Action builds a transaction): no rules.
 */
export async function actionsJson(): Promise<Response> {
  // The payments and the chain are the run time's, not the build's.
  await connection();
  const rules: ActionsJson = {
    rules: paymentsRuntime()
      ? [
          { pathPattern: '/watches/*', apiPath: '/api/actions/watches/*' },
          { pathPattern: '/api/actions/**', apiPath: '/api/actions/**' },
        ]
      : [],
  };
  return Response.json(rules, { headers: await walletRequestHeaders(connectionOrNull()) });
}

/** Whether a client asked for a page (a browser, a link-preview robot) rather than an Action's JSON. */
const wantsPage = (request: Request) => (request.headers.get('accept') ?? '').includes('text/html');

/**
 * GET /api/actions/watches/{id}: the watch's Buy card. A browser or a link-preview robot that asks
 * for a page is sent to the watch's page, whose social card is the watch's.
 */
export async function watchActionGet(request: Request, rawId: string): Promise<Response> {
  const origin = siteUrl().origin;
  if (wantsPage(request) && watchIdSchema.safeParse(rawId).success) return Response.redirect(`${origin}/watches/${rawId}`, 303);
  const answer = await withPayments('describe the watch', async ({ usdcMint }) => {
    if (!watchIdSchema.safeParse(rawId).success) return jsonError(404, NO_WATCH);
    // Stock and holds as the database has them now, not the cached catalogue: a hold never clears
    // page caches (DESIGN), and the card must not offer a piece somebody is paying for.
    const [watch, counts] = await Promise.all([catalogStore().get(rawId), orderStore().stockCounts([rawId])]);
    if (!watch) return jsonError(404, NO_WATCH);
    const rate = usdcMint ? await solRate() : null;
    const usdc = rate && isRateFresh(rate.updatedAt, new Date(), parseUsdcRateMaxAgeMs()) ? usdValue(watch.price_sol, rate.price) : null;
    return Response.json(watchAction(watch, { origin, availability: availabilityOf(watch, counts[watch.id]?.held ?? 0), usdc }));
  });
  return walletAnswer(answer, connectionOrNull());
}

function availabilityOf(watch: Watch, held: number): WatchAvailability {
  if (watch.stock < 1) return 'sold-out';
  return watch.stock - held < 1 ? 'held' : 'free';
}

/** POST /api/actions/watches/{id} `{ account }`: the transaction that buys the watch, or why not. */
export async function watchActionPost(request: Request, rawId: string): Promise<Response> {
  const answer = await withPayments('prepare the purchase', async ({ connection, merchant, usdcMint }) => {
    if (!watchIdSchema.safeParse(rawId).success) return jsonError(404, NO_WATCH);
    const limited = await limitOrderRequest(request.headers, throttleStore());
    if (limited) return limited;
    const result = await buyByAction(rawId, new URL(request.url), await jsonBody(request), {
      ...intentDependencies(request, { connection, merchant, usdcMint }),
      connection,
    });
    return result.ok ? Response.json(result.response) : refusalResponse(result);
  });
  return walletAnswer(answer, connectionOrNull());
}

/** POST /api/actions/watches/{id}/paid?order={orderId} `{ account, signature }`: the completed Action once the payment is found. */
export async function watchActionPaid(request: Request, rawId: string): Promise<Response> {
  const answer = await withPayments('check the payment', async ({ connection, merchant }) => {
    const orderId = new URL(request.url).searchParams.get('order') ?? '';
    if (!watchIdSchema.safeParse(rawId).success || !watchIdSchema.safeParse(orderId).success) return jsonError(404, 'No payment with that id');
    const limited = await limitPaymentRequest(request.headers, throttleStore(), orderId);
    if (limited) return limited;
    const result = await paidAction(rawId, orderId, await jsonBody(request), {
      orders: orderStore(),
      chain: connection,
      merchant,
      onSale: revalidateCatalog,
      shareLook: checkOnce,
      origin: siteUrl().origin,
      watch: (id) => catalogStore().get(id),
    });
    return result.ok ? Response.json(result.action) : refusalResponse(result);
  });
  return walletAnswer(answer, connectionOrNull());
}
