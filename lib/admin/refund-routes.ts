import 'server-only';
import { Keypair } from '@solana/web3.js';
import { z } from '@/lib/zod';
import { HttpError } from '@/lib/http/errors';
import type { ChainReader } from '@/lib/checkout/server/verify';
import { STATUS_LABELS } from '@/lib/orders/fulfilment';
import { solanaPayQrSvg } from '@/lib/checkout/server/qr';
import { refundPaymentUrl } from '@/lib/refunds/payment-request';
import { refundRequestSchema, refundUnits, unitsAsAmount } from '@/lib/refunds/schema';
import { refundRefusal } from '@/lib/refunds/rules';
import { findRefundTransfer } from '@/lib/refunds/find-transfer';
import { checkRefund } from '@/lib/refunds/settle';
import type { Refund } from '@/lib/orders/refund';
import { parseOrThrow, readJsonObject } from './http';
import { findOrder, orderDetail, type OrderStores } from './order-routes';
import type { OpenedRefund, OrderDetail } from './order-query';

/**
 * Refunds from the admin (issue 51; docs/refunds.md): opened here, paid by the merchant from any
 * wallet, recorded sent only when the chain shows the transfer (lib/refunds/settle.ts), by the
 * worker or by the dialog's check.
 */

/** How long an unpaid refund is waited for: then it expires, so that an old QR code is never paid on top of a newer refund. */
export const REFUND_TTL_S = 24 * 60 * 60;

/** Opens a refund of part or all of what the order paid, to the wallet that paid it. */
export async function openRefund(stores: OrderStores, id: string, request: Request, actor: string): Promise<OpenedRefund> {
  const asked = parseOrThrow(refundRequestSchema, await readJsonObject(request));
  const order = await findOrder(stores.orders, id);
  const refusal = refundRefusal(order);
  if (refusal) throw new HttpError(409, refusal);
  const units = refundUnits(asked.amount, order.currency);
  if ('error' in units) throw new HttpError(400, units.error);
  const outcome = await stores.refunds.open({
    orderId: id,
    units: units.units,
    reason: asked.reason,
    reference: Keypair.generate().publicKey.toBase58(),
    actor,
    ttlSeconds: REFUND_TTL_S,
  });
  if ('refund' in outcome) {
    const { refund } = outcome;
    return {
      refundId: refund.id,
      reference: refund.reference,
      recipient: refund.recipient,
      amount: refund.amount,
      currency: refund.currency,
      url: refundPaymentUrl(refund, id),
      expiresAt: refund.expiresAt,
    };
  }
  if (outcome.refused === 'unknown') throw new HttpError(404, 'Order not found');
  if (outcome.refused === 'too_much') {
    const left = unitsAsAmount(BigInt(outcome.left), order.currency);
    throw new HttpError(409, `At most ${left} ${order.currency} is left to refund on this order, counting the refunds open or sent.`, {
      left,
    });
  }
  // The order changed between the read and the lock (another refund made it refunded).
  const now = (await stores.orders.get(id)) ?? order;
  throw new HttpError(409, refundRefusal(now) ?? `An order that is ${STATUS_LABELS[now.status].toLowerCase()} cannot be refunded`);
}

const refundId = z.guid();

async function findRefund(stores: OrderStores, orderId: string, id: string): Promise<Refund> {
  await findOrder(stores.orders, orderId);
  const refund = refundId.safeParse(id).success ? await stores.refunds.get(id) : null;
  if (!refund || refund.orderId !== orderId) throw new HttpError(404, 'Refund not found');
  return refund;
}

const ENDED: Record<Exclude<Refund['state'], 'open'>, string> = {
  sent: 'This refund was sent already.',
  cancelled: 'This refund was cancelled.',
  expired: 'This refund expired unpaid.',
};

/**
 * The dialog's "check now" (it asks after the merchant's wallet sent the transfer): one look on
 * chain, which records the refund sent if its transfer is there and final. The worker does the same
 * on its own.
 * `chainOf` is asked only once the refund is found: an unknown one is a 404, even in a shop
 * without Solana (which answers 503 for a refund it has).
 */
export async function verifyRefund(stores: OrderStores, chainOf: () => ChainReader, orderId: string, id: string): Promise<OrderDetail> {
  const refund = await findRefund(stores, orderId, id);
  const checked = await checkRefund(refund, { refunds: stores.refunds, chain: chainOf() });
  if (checked.state === 'open' && checked.failure !== refund.failure) await stores.refunds.releaseClaim(id, 0, checked.failure);
  return orderDetail(stores, orderId);
}

/**
 * Staff cancel an open refund nobody paid. The chain is asked first: a refund paid meanwhile is
 * recorded sent, never cancelled (409), and one whose transfer has landed but is not final yet is
 * not cancelled either (409: it will be recorded once final).
 */
export async function cancelRefund(stores: OrderStores, chainOf: () => ChainReader, orderId: string, id: string): Promise<OrderDetail> {
  const refund = await findRefund(stores, orderId, id);
  if (refund.state !== 'open') throw new HttpError(409, ENDED[refund.state]);
  const chain = chainOf();
  const checked = await checkRefund(refund, { refunds: stores.refunds, chain });
  if (checked.state === 'sent') throw new HttpError(409, 'This refund was paid meanwhile: it is recorded as sent.');
  // A transfer that has landed but is not final yet would leave unrecorded once the refund is cancelled.
  if ((await findRefundTransfer(chain, refund, Date.now, 'confirmed')).status === 'sent') {
    throw new HttpError(409, 'A transfer paying this refund is being confirmed by the network: it cannot be cancelled. Check it again in a minute.');
  }
  const cancelled = await stores.refunds.cancel(orderId, id);
  if (!cancelled) {
    const now = (await stores.refunds.get(id)) ?? refund;
    throw new HttpError(409, now.state === 'open' ? 'The refund could not be cancelled. Try again.' : ENDED[now.state]);
  }
  return orderDetail(stores, orderId);
}

/** An open refund's transfer request as an SVG QR code; 404 once it is no longer open (nothing to pay). */
export async function refundQr(stores: OrderStores, orderId: string, id: string): Promise<Response> {
  const refund = await findRefund(stores, orderId, id);
  if (refund.state !== 'open') throw new HttpError(404, ENDED[refund.state]);
  return new Response(await solanaPayQrSvg(refundPaymentUrl(refund, orderId)), {
    headers: { 'content-type': 'image/svg+xml', 'cache-control': 'private, no-store', 'x-content-type-options': 'nosniff' },
  });
}
