import type { ClaimedEvent } from '@/lib/orders/events';
import { orderView } from '@/lib/orders/order-view';

/**
 * The webhook's JSON body (docs/webhooks.md): the event type, when it happened, and the order
 * webhook data of SPEC §3 word for word, plus the order's id and status, what it is paid in and how
 * much of it (`currency`, `amount`: a decimal string), and its lamports, reference, USDC mint,
 * certificate mint and tracking reference when it has them. A refund's event carries the refund:
 * its amount and currency, and the signature of the transaction that paid it back. A certificate's
 * report event (certificate.reported, certificate.report_cleared) carries the report.
 */
export function webhookPayload({ type, createdAt, order, refund, report }: ClaimedEvent) {
  return {
    type,
    timestamp: createdAt,
    data: {
      orderId: order.id,
      status: order.status,
      wallet: order.wallet,
      txHash: order.txHash,
      usdAmount: order.usdAmount,
      solAmount: order.solAmount,
      currency: order.currency,
      amount: orderView(order).amount,
      name: order.name,
      phone: order.phone,
      email: order.email,
      address: order.address,
      watch: order.watch,
      ...present({
        lamports: order.lamports,
        reference: order.reference,
        splToken: order.splToken,
        certificateMint: order.certificateMint,
        trackingReference: order.trackingReference,
      }),
      ...(refund
        ? {
            refund: {
              id: refund.id,
              amount: refund.amount,
              currency: refund.currency,
              signature: refund.signature,
              recipient: refund.recipient,
              reason: refund.reason,
              sentAt: refund.sentAt,
            },
          }
        : {}),
      ...(report ? { report } : {}),
    },
  };
}

export type WebhookPayload = ReturnType<typeof webhookPayload>;

function present<T extends Record<string, string | null>>(fields: T): Partial<{ [K in keyof T]: string }> {
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== null)) as Partial<{ [K in keyof T]: string }>;
}
