import { NextResponse, type NextRequest } from 'next/server';
import { refusalAsHttpError } from '@/lib/http/refusal';
import { HttpError, jsonError } from '@/lib/http/errors';
import { isJsonRequest, readJsonBody } from '@/lib/http/json-body';
import { placeOrder } from '@/lib/checkout/server/place-order';
import { limitOrderRequest } from '@/lib/orders/rate-limit';
import { parsePaymentsConfig } from '@/lib/chain/config';
import { signedInWallet } from '@/lib/sign-in/routes';
import { getStores } from '@/lib/shop/stores';

/** An order is a few hundred bytes; anything near this is not one. */
const MAX_ORDER_BYTES = 8 * 1024;

/** Stores the order of a simulated purchase (beyond SPEC, which only logs it). */
export async function POST(request: NextRequest) {
  // The shop's only public write: requiring JSON keeps other sites' forms and scripts out.
  if (!isJsonRequest(request)) return jsonError(415, 'Send the body as application/json');
  try {
    const limited = await limitOrderRequest(request.headers, getStores().throttle);
    if (limited) return limited;
    const result = await placeOrder(
      await readJsonBody(request, MAX_ORDER_BYTES),
      getStores(),
      parsePaymentsConfig().mode,
      await signedInWallet(request.cookies),
    );
    if ('error' in result) return jsonError(result.status, result.error);
    return NextResponse.json({ order: { id: result.order.id, txHash: result.order.txHash } }, { status: result.status });
  } catch (error) {
    const known = error instanceof HttpError ? error : refusalAsHttpError(error, 'The order');
    if (known) return jsonError(known.status, known.message);
    console.error('Storing an order failed', error);
    return jsonError(503, 'The order could not be stored right now. Please try again.');
  }
}
