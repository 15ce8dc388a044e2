import type { OrderEvent } from '@/lib/orders/events';
import type { Order, OrderHistoryEntry, OrderStatus } from '@/lib/orders/types';

/** The admin orders list's filter, as the panel holds it and the API reads it (?status=&q=&offset=). */
export type OrderFilter = { status: OrderStatus | ''; q: string };

/** failedDeliveries: the ids of the orders shown that have a message that failed for good. */
export type OrdersPage = { orders: Order[]; hasMore: boolean; failedDeliveries: string[] };
/** events: the messages the order caused (webhook and e-mail) and how their delivery went. */
export type OrderDetail = { order: Order; history: OrderHistoryEntry[]; events: OrderEvent[] };

export function orderQueryString({ status, q }: OrderFilter, offset = 0): string {
  const params = new URLSearchParams();
  if (status) params.set('status', status);
  if (q.trim()) params.set('q', q.trim());
  if (offset > 0) params.set('offset', String(offset));
  return params.toString();
}

export const ordersExportUrl = (filter: OrderFilter) => {
  const query = orderQueryString(filter);
  return `/api/admin/orders/export${query ? `?${query}` : ''}`;
};
