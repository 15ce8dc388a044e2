import { NextResponse } from 'next/server';
import { readJsonBody } from '@/lib/http/json-body';
import { placeOrder } from '@/lib/orders/place-order';
import { getStores } from '@/lib/stores';

/** An order is a few hundred bytes; anything near this is not one. */
const MAX_ORDER_BYTES = 8 * 1024;

/** Stores the order of a completed purchase (beyond SPEC, which only logs it). */
export async function POST(request: Request) {
  const body = await readJsonBody(request, MAX_ORDER_BYTES);
  if (!body.ok) return NextResponse.json({ error: body.message }, { status: body.status });
  try {
    const result = await placeOrder(body.value, getStores());
    if ('error' in result) return NextResponse.json({ error: result.error }, { status: result.status });
    return NextResponse.json({ order: { id: result.order.id, txHash: result.order.txHash } }, { status: result.status });
  } catch (error) {
    console.error('Storing an order failed', error);
    return NextResponse.json({ error: 'The order could not be stored right now. Please try again.' }, { status: 503 });
  }
}
