import 'server-only';
import { z } from '@/lib/zod';
import { HttpError } from '@/lib/http/errors';
import { moveRefusal, NO_PIECE_TO_SELL, STATUS_LABELS, type PaymentsMode } from '@/lib/orders/fulfilment';
import { moveRequestSchema, orderListQuerySchema, ORDERS_PAGE_SIZE, type OrderListQuery } from '@/lib/orders/fulfilment-schema';
import type { OrderEventStore } from '@/lib/events/store';
import type { OrderStore } from '@/lib/orders/store';
import type { RefundStore } from '@/lib/refunds/store';
import { refundPaymentUrl } from '@/lib/refunds/payment-request';
import { refundedAmount } from '@/lib/refunds/totals';
import type { Order } from '@/lib/orders/types';
import { parseOrThrow, readJsonObject } from './http';
import type { OrderDetail, OrdersPage } from './order-query';
import { csvDownload } from './csv';
import { ORDER_COLUMNS } from './orders-csv';

/** The admin orders API (issue 14): the logic behind app/api/admin/orders/**. */


export const parseListQuery = (params: URLSearchParams) =>
  parseOrThrow(orderListQuerySchema, Object.fromEntries(params));

/** One page of the filtered list; one row more than a page is read to know whether more follow. */
export async function ordersPage({ orders: store, events }: OrderStores, query: OrderListQuery): Promise<OrdersPage> {
  const rows = await store.search({ status: query.status, text: query.q, limit: ORDERS_PAGE_SIZE + 1, offset: query.offset });
  const orders = rows.slice(0, ORDERS_PAGE_SIZE);
  return {
    orders,
    hasMore: rows.length > ORDERS_PAGE_SIZE,
    failedDeliveries: await events.ordersWithFailures(orders.map((order) => order.id)),
  };
}

/** The orders, their refunds and the messages they cause. */
export type OrderStores = { orders: OrderStore; events: OrderEventStore; refunds: RefundStore };

const EXPORT_BATCH = 500;

/** The whole filtered list as a CSV download (lib/admin/csv.ts), each order with what was refunded of it. */
export function ordersCsv(stores: Pick<OrderStores, 'orders' | 'refunds'>, query: OrderListQuery, { now = new Date(), batchSize = EXPORT_BATCH } = {}): Promise<Response> {
  let offset = 0;
  return csvDownload({
    fileName: `orx-orders-${query.status ?? 'all'}-${now.toISOString().slice(0, 10)}.csv`,
    columns: ORDER_COLUMNS,
    batchSize,
    nextBatch: async () => {
      const rows = await stores.orders.search({ status: query.status, text: query.q, limit: batchSize, offset });
      offset += rows.length;
      const refunds = await stores.refunds.forOrders(rows.map((order) => order.id));
      return rows.map((order) => ({ ...order, refunded: refundedAmount(refunds, order.id, order.currency) }));
    },
  });
}

const orderId = z.guid();

/** The order; 404 for an id that is no order (or no id at all). */
export async function findOrder(store: OrderStore, id: string): Promise<Order> {
  const order = orderId.safeParse(id).success ? await store.get(id) : null;
  if (!order) throw new HttpError(404, 'Order not found');
  return order;
}

/** The order, its history, its refunds (an open one with the request that pays it) and its messages. */
export async function orderDetail({ orders, events, refunds }: OrderStores, id: string): Promise<OrderDetail> {
  const order = await findOrder(orders, id);
  const [history, orderEvents, orderRefunds] = await Promise.all([orders.history(id), events.forOrder(id), refunds.forOrders([id])]);
  return {
    order,
    history,
    events: orderEvents,
    refunds: orderRefunds.map((refund) => ({ ...refund, url: refund.state === 'open' ? refundPaymentUrl(refund, id) : null })),
  };
}

/**
 * The operator's Resend of one message: due at once, with a fresh retry schedule; the background
 * loop sends it on its next pass. A message being sent right now, or already delivered, is left
 * alone (409), so a buyer never gets one twice from a double click.
 */
export async function resendEvent(stores: OrderStores, id: string, eventId: string): Promise<OrderDetail> {
  await findOrder(stores.orders, id);
  const resent = orderId.safeParse(eventId).success ? await stores.events.resend(id, eventId) : null;
  if (!resent) {
    const known = (await stores.events.forOrder(id)).some((event) => event.id === eventId);
    if (!known) throw new HttpError(404, 'Message not found');
    throw new HttpError(409, 'This message is being sent or was already delivered.');
  }
  return orderDetail(stores, id);
}

const stale = (order: Order) =>
  new HttpError(
    409,
    `This order was changed in the meantime: it is now ${STATUS_LABELS[order.status].toLowerCase()}. Reload it and try again.`,
  );

/**
 * The operator's move. The status the operator saw travels with it: if the order has moved since
 * (another operator, another tab), nothing happens and the answer says what it is now (409). The
 * store applies the move only if the order is still in that status, so of two racing moves exactly
 * one wins; the other gets the same 409. A late payment sold by hand also needs a free piece.
 */
export async function moveOrder(
  stores: OrderStores,
  id: string,
  request: Request,
  payments: PaymentsMode,
  actor: string,
): Promise<OrderDetail> {
  const store = stores.orders;
  const move = parseOrThrow(moveRequestSchema, await readJsonObject(request));
  const order = await findOrder(store, id);
  if (order.status !== move.from) throw stale(order);
  const refusal = moveRefusal(order, move.to, payments);
  if (refusal) throw new HttpError(409, refusal);
  const moved = await store.move(id, move, actor);
  if (!moved) throw stale((await store.get(id)) ?? order);
  // The store answers a hand sale it could not make with the order unchanged.
  if (moved.status !== move.to) throw new HttpError(409, NO_PIECE_TO_SELL);
  return orderDetail(stores, id);
}
