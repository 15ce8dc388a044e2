import 'server-only';
import type { CatalogStore } from '@/lib/catalog/store';
import { PLACEHOLDER_IMAGE } from '@/lib/catalog/images';
import { orderView, type OrderView } from '@/lib/orders/order-view';
import type { Refund } from './refund';
import type { OrderStore } from './store';
import type { Order } from './types';

/**
 * An order as its buyer sees it under "My Orders": the watch with its picture, the amounts, the
 * status and its dates, the tracking reference, the transaction and the certificate. Nothing of
 * the shipping details: the buyer typed them, and a signed-in session is not a reason to send an
 * address around again. Each refund the chain showed is listed with its transaction.
 */
export type BuyerOrder = Pick<OrderView, 'statusLabel' | 'tone' | 'simulated' | 'amountSol' | 'currency' | 'amount' | 'signature' | 'certificate' | 'refundDue'> & {
  id: string;
  status: Order['status'];
  watch: { id: string | null; brand: string; model: string; image: string };
  usdAmount: number;
  createdAt: string;
  paidAt: string | null;
  trackingReference: string | null;
  refunds: BuyerRefund[];
};

/** A refund sent back to the buyer's wallet: how much, and the transaction that paid it. */
export type BuyerRefund = Pick<Refund, 'id' | 'amount' | 'currency' | 'sentAt'> & { signature: string };

/** The wallet's orders, newest first, each with its watch's picture while the watch is listed. */
export async function buyerOrders(
  wallet: string,
  { orders, catalog, refundsOf }: { orders: OrderStore; catalog: Pick<CatalogStore, 'get'>; refundsOf: (orderIds: string[]) => Promise<Refund[]> },
): Promise<BuyerOrder[]> {
  const list = await orders.listByWallet(wallet);
  const refunds = await refundsOf(list.map((order) => order.id));
  const images = new Map<string, string>();
  for (const id of new Set(list.flatMap((order) => (order.watch.id ? [order.watch.id] : [])))) {
    const watch = await catalog.get(id);
    if (watch?.image_urls[0]) images.set(id, watch.image_urls[0]);
  }
  return list.map((order) => {
    const { statusLabel, tone, simulated, amountSol, currency, amount, signature, certificate, refundDue } = orderView(order);
    return {
      id: order.id,
      status: order.status,
      statusLabel,
      tone,
      simulated,
      amountSol,
      currency,
      amount,
      signature,
      certificate,
      refundDue,
      watch: { ...order.watch, image: (order.watch.id && images.get(order.watch.id)) || PLACEHOLDER_IMAGE },
      usdAmount: order.usdAmount,
      createdAt: order.createdAt,
      paidAt: order.paidAt,
      trackingReference: order.trackingReference,
      refunds: refunds.flatMap(({ id, orderId, amount, currency, sentAt, signature, state }) =>
        orderId === order.id && state === 'sent' && signature ? [{ id, amount, currency, sentAt, signature }] : [],
      ),
    };
  });
}
