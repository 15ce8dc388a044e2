import type { Refund } from './refund';
import type { Order } from './types';

/** What happened to an order that the operator's systems and the buyer are told (docs/webhooks.md). */
export const ORDER_EVENT_TYPES = [
  'order.simulated',
  'order.paid',
  'order.certified',
  'order.shipped',
  'order.delivered',
  'order.refund_due',
  'order.partially_refunded',
  'order.refunded',
  // Issue 53: a holder's report that the certified watch was stolen or is missing, and its clearing (webhook only).
  'certificate.reported',
  'certificate.report_cleared',
] as const;
export type OrderEventType = (typeof ORDER_EVENT_TYPES)[number];

/** Events for the operator's systems alone: the database writes them on the webhook channel only. */
export const WEBHOOK_ONLY_EVENT_TYPES = ['certificate.reported', 'certificate.report_cleared'] as const satisfies readonly OrderEventType[];
export type EmailedEventType = Exclude<OrderEventType, (typeof WEBHOOK_ONLY_EVENT_TYPES)[number]>;
export const isEmailedEvent = (type: OrderEventType): type is EmailedEventType => !(WEBHOOK_ONLY_EVENT_TYPES as readonly string[]).includes(type);

export const DELIVERY_CHANNELS = ['webhook', 'email'] as const;
export type DeliveryChannel = (typeof DELIVERY_CHANNELS)[number];

/** skipped: its channel was switched off when it came due. */
export const DELIVERY_STATES = ['pending', 'delivered', 'failed', 'skipped'] as const;
export type DeliveryState = (typeof DELIVERY_STATES)[number];

/** One event on one channel, with its delivery so far. */
export type OrderEvent = {
  /** The webhook's `webhook-id`, the same on every retry; the e-mail's Message-ID. */
  id: string;
  orderId: string;
  type: OrderEventType;
  channel: DeliveryChannel;
  state: DeliveryState;
  attempts: number;
  nextAttemptAt: string;
  lastStatus: number | null;
  lastError: string | null;
  deliveredAt: string | null;
  createdAt: string;
};

/**
 * An event claimed for delivery, with the order as it was when the event happened, for a refund's
 * event (order.partially_refunded, order.refunded) the refund the chain showed, and for a
 * certificate's report (certificate.reported, certificate.report_cleared) the report.
 */
export type ClaimedEvent = OrderEvent & { order: Order; refund: Refund | null; report: EventReport | null };

/**
 * A report's event carries the report as it then stood: cleared, for its clearing. The report is
 * lib/certificate's (CertificateReport); spelled out here, as orders come before certificates in
 * the layers, and checked against it where the event is read (lib/events/schema.ts).
 */
export type EventReport = {
  id: string;
  mint: string;
  kind: 'stolen' | 'missing';
  occurredOn: string;
  policeReference: string | null;
  reportedBy: string;
  reportedAt: string;
  clearedAt: string | null;
  clearedBy: string | null;
};

/**
 * What one attempt came to: delivered, failed for good, to be tried again later, or not sent by
 * the shop's own rule (the error says which).
 */
export type AttemptResult =
  | { outcome: 'delivered'; status: number | null }
  | { outcome: 'failed' | 'retry' | 'skipped'; status: number | null; error: string };
