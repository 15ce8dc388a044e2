import type { OrderEvent } from '@/lib/orders/events';
import type { Order, OrderHistoryEntry, OrderStatus } from '@/lib/orders/types';
import type { Refund } from '@/lib/orders/refund';

/** The admin orders list's filter, as the panel holds it and the API reads it (?status=&q=&offset=). */
export type OrderFilter = { status: OrderStatus | ''; q: string };

/** failedDeliveries: the ids of the orders shown that have a message that failed for good. */
export type OrdersPage = { orders: Order[]; hasMore: boolean; failedDeliveries: string[] };
/** An order's refund as the dialog shows it: while open, with the Solana Pay request that pays it. */
export type RefundDetail = Refund & { url: string | null };

/**
 * events: the messages the order caused (webhook and e-mail) and how their delivery went; refunds:
 * oldest first.
 */
export type OrderDetail = { order: Order; history: OrderHistoryEntry[]; events: OrderEvent[]; refunds: RefundDetail[] };

/** What POST /api/admin/orders/[id]/refunds answers (201). */
export type OpenedRefund = {
  refundId: string;
  reference: string;
  recipient: string;
  amount: string;
  currency: Refund['currency'];
  /** The Solana Pay transfer request that pays it (solana:<recipient>?amount=…&reference=…). */
  url: string;
  expiresAt: string;
};

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
