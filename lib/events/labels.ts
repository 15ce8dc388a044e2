import type { DeliveryChannel, DeliveryState, OrderEvent, OrderEventType } from '@/lib/orders/events';

/** How the admin order dialog names an order's messages and their delivery. */
export const EVENT_LABELS: Record<OrderEventType, string> = {
  'order.simulated': 'Simulated order',
  'order.paid': 'Order paid',
  'order.certified': 'Certificate minted',
  'order.shipped': 'Shipped',
  'order.delivered': 'Delivered',
  'order.refund_due': 'Refund due',
  'order.partially_refunded': 'Partly refunded',
  'order.refunded': 'Refunded',
  'certificate.reported': 'Certificate reported stolen or missing',
  'certificate.report_cleared': 'Certificate report cleared',
};

export const CHANNEL_LABELS: Record<DeliveryChannel, string> = { webhook: 'Webhook', email: 'E-mail to the buyer' };

export const DELIVERY_STATE_LABELS: Record<DeliveryState, string> = {
  pending: 'Waiting',
  delivered: 'Delivered',
  failed: 'Failed',
  skipped: 'Not sent',
};

/** The server's rule (resend_order_event): a failed message, or one waiting for a retry. */
export const canResend = (event: OrderEvent) => event.state === 'failed' || (event.state === 'pending' && event.attempts > 0);

/** A message about to be tried (within a minute): the dialog keeps checking on it. */
export const isDueSoon = (event: OrderEvent, now = Date.now()) =>
  event.state === 'pending' && Date.parse(event.nextAttemptAt) - now < 60_000;

export const hasFailedEvent = (events: OrderEvent[]) => events.some((event) => event.state === 'failed');
