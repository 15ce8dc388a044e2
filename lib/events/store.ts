import type { AttemptResult, ClaimedEvent, DeliveryChannel, OrderEvent } from '@/lib/orders/events';

/**
 * The order events outbox (supabase/migrations/20261124110000_order_events.sql). Every change
 * goes through one SQL function, so several server instances can share it.
 */
export interface OrderEventStore {
  /** Up to `limit` due events of these channels, leased to `owner` for `leaseSeconds`. */
  claim(owner: string, channels: DeliveryChannel[], limit: number, leaseSeconds: number): Promise<ClaimedEvent[]>;
  /** Records an attempt's result; false when `owner` no longer held the lease (nothing changed). */
  finish(id: string, owner: string, result: AttemptResult, retrySeconds: number | null): Promise<boolean>;
  /** Marks the due events of switched-off channels skipped; how many. */
  skip(channels: DeliveryChannel[]): Promise<number>;
  /** The order's events on every channel, oldest first. */
  forOrder(orderId: string): Promise<OrderEvent[]>;
  /** Which of these orders have an event that failed for good. */
  ordersWithFailures(orderIds: string[]): Promise<string[]>;
  /** The operator's Resend: due now with a fresh schedule; null if it was in flight, delivered or not the order's. */
  resend(orderId: string, id: string): Promise<OrderEvent | null>;
}
