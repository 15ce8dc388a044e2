import 'server-only';
import { NextResponse, type NextRequest } from 'next/server';
import { z } from '@/lib/zod';
import { isSameOrigin } from '@/lib/auth/origin';
import { revalidateCatalog } from '@/lib/catalog/revalidate';
import { parseHoldBounds, parseUsdcRateMaxAgeMs, parseWorkerConfig, siteUrl } from '@/lib/config';
import { refusalAsHttpError } from '@/lib/http/refusal';
import { HttpError, jsonError } from '@/lib/http/errors';
import { isJsonRequest, readJsonBody } from '@/lib/http/json-body';
import { limitOrderRequest } from '@/lib/orders/rate-limit';
import { limitedClient } from '@/lib/throttle/client-limit';
import { signedInWallet } from '@/lib/sign-in/routes';
import { certifyOrder, type CertifyResult } from '@/lib/certificate/certify';
import { parsePaymentsConfig } from '@/lib/chain/config';
import { certificateUri } from '@/lib/certificate/runtime';
import { catalogStore } from '@/lib/catalog/server-store';
import { orderStore } from '@/lib/orders/server-store';
import { throttleStore } from '@/lib/throttle/server-store';
import { createPaymentIntent, SIGN_IN_REQUIRED, SIGN_IN_TO_BUY, type IntentDependencies, type IntentResult } from './intent';
import { placeOrder, type PlaceOrderResult } from './place-order';
import { paymentQrSvg } from './qr';
import { paymentsRuntime, solRate, type PaymentsRuntime } from './runtime';
import { cancellerOf } from './canceller';
import { checkOnce } from './check-once';
import { limitPaymentRequest } from './request-limits';
import { cancelPayment, paymentStatus, settlePayment } from './settle';
import type { TransactionRequestResult } from './transaction-request';
import { walletFundsReader } from './wallet-funds';

/**
 * The route handlers of the checkout: the simulated purchase's order, and the real checkout's
 * (MERCHANT_WALLET set). Each answers JSON; a failing database or RPC node is a 503 that leaves
 * every order as it was, never a guess.
 */

const NO_STORE = { 'cache-control': 'no-store' };
/** A payment request is a few hundred bytes; anything near this is not one. */
const MAX_BODY_BYTES = 8 * 1024;
const orderIdSchema = z.guid();
const signatureHintSchema = z.object({ signature: z.string().regex(/^[1-9A-HJ-NP-Za-km-z]{43,88}$/).optional() });

type CheckoutRefusal = Exclude<IntentResult | PlaceOrderResult | CertifyResult | TransactionRequestResult, { ok: true }>;

/** How each refusal of the checkout answers: the one place where its reasons become statuses. */
const REFUSAL_STATUS = {
  invalid: 400,
  'other-wallet': 401,
  'unknown-watch': 404,
  'unknown-order': 404,
  'sold-out': 409,
  unpriced: 409,
  held: 409,
  'no-funds': 409,
  'stale-rate': 409,
  cooldown: 409,
  'address-bound': 429,
  'network-bound': 429,
  'real-payments': 409,
  'not-paid': 409,
  'not-final': 409,
  'not-open': 409,
  'wallet-busy': 409,
} as const satisfies Record<CheckoutRefusal['reason'], number>;

/**
 * `{ error }`, with `code` when the page should sign the wallet in and ask again, `heldUntil` when
 * every piece is held by other buyers, `holdAgainAt` when the wallet waits to hold the watch again,
 * and `retryAt` (and Retry-After) when the client holds its bound.
 */
export function refusalResponse(refusal: CheckoutRefusal): Response {
  const response = jsonError(REFUSAL_STATUS[refusal.reason], refusal.message, refusalDetails(refusal));
  if ('retryAt' in refusal) response.headers.set('retry-after', String(Math.max(1, Math.ceil((Date.parse(refusal.retryAt) - Date.now()) / 1000))));
  return response;
}

function refusalDetails(refusal: CheckoutRefusal): Record<string, string> {
  if (refusal.reason === 'other-wallet') return { code: SIGN_IN_REQUIRED };
  if ('heldUntil' in refusal) return { heldUntil: refusal.heldUntil };
  if ('holdAgainAt' in refusal) return { holdAgainAt: refusal.holdAgainAt };
  if ('retryAt' in refusal) return { retryAt: refusal.retryAt };
  return {};
}

export type Handler = (runtime: PaymentsRuntime) => Promise<Response>;

/** Runs a handler when real payments are on; the outage answer when a dependency fails. */
export async function withPayments(doing: string, handler: Handler): Promise<Response> {
  const runtime = paymentsRuntime();
  if (!runtime) return jsonError(404, 'This shop takes simulated payments only (no MERCHANT_WALLET is configured)');
  try {
    return await handler(runtime);
  } catch (error) {
    const known = error instanceof HttpError ? error : refusalAsHttpError(error, 'The payment request');
    if (known) return jsonError(known.status, known.message);
    console.error(`Payments: could not ${doing}`, error);
    return jsonError(503, `Could not ${doing} right now. Please try again.`);
  }
}

function orderIdOf(raw: string): string {
  if (!orderIdSchema.safeParse(raw).success) throw new HttpError(404, 'No payment with that id');
  return raw;
}

/** Runs a handler about one payment within its limits (request-limits.ts); the 429 past them. */
export function aboutPayment(request: Request, rawId: string, doing: string, handler: (id: string, runtime: PaymentsRuntime) => Promise<Response>) {
  return withPayments(doing, async (runtime) => {
    const id = orderIdOf(rawId);
    const limited = await limitPaymentRequest(request.headers, throttleStore(), id);
    return limited ?? handler(id, runtime);
  });
}

export async function jsonBody(request: Request): Promise<unknown> {
  if (!isJsonRequest(request)) throw new HttpError(415, 'Send the body as application/json');
  return readJsonBody(request, MAX_BODY_BYTES);
}

/** What a payment intent needs of this server, whoever it is held for (the dialog's wallet, an Action's account). */
export function intentDependencies(
  request: Request,
  { connection, merchant, usdcMint }: Pick<PaymentsRuntime, 'connection' | 'merchant' | 'usdcMint'>,
): Omit<IntentDependencies, 'wallet' | 'walletSignedIn'> {
  return {
    shopOrigin: siteUrl().origin,
    catalog: catalogStore(),
    orders: orderStore(),
    merchant,
    usdcMint,
    solRate,
    usdcRateMaxAgeMs: parseUsdcRateMaxAgeMs(),
    walletFunds: walletFundsReader(connection, usdcMint),
    clientAddress: limitedClient(request.headers),
    holdBounds: parseHoldBounds(),
    settlementIntervalMs: parseWorkerConfig().intervalMs,
  };
}

/** POST /api/payments: a payment intent for one watch, held for the signed-in wallet. */
export function createIntentRoute(request: NextRequest): Promise<Response> {
  return withPayments('start the payment', async ({ connection, merchant, usdcMint }) => {
    // Before anything is counted or stored: a request without a proven wallet costs the shop nothing.
    const wallet = await signedInWallet(request.cookies);
    if (!wallet) return NextResponse.json({ error: SIGN_IN_TO_BUY, code: SIGN_IN_REQUIRED }, { status: 401, headers: NO_STORE });
    const limited = await limitOrderRequest(request.headers, throttleStore());
    if (limited) return limited;
    const result = await createPaymentIntent(await jsonBody(request), {
      ...intentDependencies(request, { connection, merchant, usdcMint }),
      wallet,
      walletSignedIn: true,
    });
    if (!result.ok) return refusalResponse(result);
    return NextResponse.json(result.intent, { status: 201, headers: NO_STORE });
  });
}

/**
 * POST /api/payments/{id}/verify: looks for the payment on chain; the body's signature is a hint.
 * Requests that come while the order is being looked for on chain share that look (check-once.ts).
 */
export function verifyRoute(request: Request, rawId: string): Promise<Response> {
  return aboutPayment(request, rawId, 'check the payment', async (id, { connection, merchant }) => {
    const hint = signatureHintSchema.safeParse(await jsonBody(request));
    if (!hint.success) return jsonError(400, 'signature must be a base58 transaction signature');
    const order = await settlePayment(id, hint.data.signature, {
      orders: orderStore(),
      chain: connection,
      merchant,
      onSale: revalidateCatalog,
      shareLook: checkOnce,
    });
    if (!order) return jsonError(404, 'No payment with that id');
    return NextResponse.json(paymentStatus(order), { headers: NO_STORE });
  });
}

/**
 * POST /api/payments/{id}/cancel: the buyer's page (its wallet's session) or staff gives up an
 * unpaid intent, releasing its hold; anyone else is answered as for an id that is no payment.
 */
export function cancelRoute(request: NextRequest, rawId: string): Promise<Response> {
  return aboutPayment(request, rawId, 'cancel the payment', async (id, { connection, merchant }) => {
    // Decided by cookies: another site's form or script is refused before they are read.
    if (!isSameOrigin(request.headers)) return jsonError(403, 'Cross-origin request refused');
    const order = await cancelPayment(id, await cancellerOf(request), { orders: orderStore(), chain: connection, merchant, onSale: revalidateCatalog });
    if (!order) return jsonError(404, 'No payment with that id');
    return NextResponse.json(paymentStatus(order), { headers: NO_STORE });
  });
}

/** POST /api/payments/{id}/certificate: mints the paid order's NFT certificate, once. */
export function certificateRoute(request: Request, rawId: string): Promise<Response> {
  return aboutPayment(request, rawId, 'mint the certificate', async (id, { mint }) => {
    const result = await certifyOrder(id, { orders: orderStore(), mint, certificateUri });
    if (!result.ok) return refusalResponse(result);
    return NextResponse.json(paymentStatus(result.order), { headers: NO_STORE });
  });
}

/**
 * GET /api/payments/{id}/qr: the intent's Solana Pay transaction request as a QR code, or its
 * transfer request with `?request=transfer`, while it can be paid.
 */
export function qrRoute(request: Request, rawId: string): Promise<Response> {
  return aboutPayment(request, rawId, 'draw the payment code', async (id, { merchant }) => {
    const order = await orderStore().get(id);
    if (!order || order.status !== 'pending') return jsonError(404, 'No payable order with that id');
    const kind = new URL(request.url).searchParams.get('request') === 'transfer' ? 'transfer' : 'transaction';
    return new Response(await paymentQrSvg(order, merchant, siteUrl().origin, kind), {
      headers: { 'content-type': 'image/svg+xml', 'cache-control': 'private, max-age=600', 'x-content-type-options': 'nosniff' },
    });
  });
}

/** An order is a few hundred bytes; anything near this is not one. */
const MAX_ORDER_BYTES = 8 * 1024;

/** POST /api/orders: stores the order of a simulated purchase (beyond SPEC, which only logs it). */
export async function placeOrderRoute(request: NextRequest): Promise<Response> {
  // The shop's only public write: requiring JSON keeps other sites' forms and scripts out.
  if (!isJsonRequest(request)) return jsonError(415, 'Send the body as application/json');
  try {
    const limited = await limitOrderRequest(request.headers, throttleStore());
    if (limited) return limited;
    const result = await placeOrder(
      await readJsonBody(request, MAX_ORDER_BYTES),
      { catalog: catalogStore(), orders: orderStore() },
      parsePaymentsConfig().mode,
      await signedInWallet(request.cookies),
    );
    if (!result.ok) return refusalResponse(result);
    return NextResponse.json({ order: { id: result.order.id, txHash: result.order.txHash } }, { status: result.created ? 201 : 200 });
  } catch (error) {
    const known = error instanceof HttpError ? error : refusalAsHttpError(error, 'The order');
    if (known) return jsonError(known.status, known.message);
    console.error('Storing an order failed', error);
    return jsonError(503, 'The order could not be stored right now. Please try again.');
  }
}
