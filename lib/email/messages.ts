import { orderView } from '@/lib/orders/order-view';
import { isEmailedEvent, type ClaimedEvent, type EmailedEventType } from '@/lib/orders/events';
import type { Order } from '@/lib/orders/types';
import type { Refund } from '@/lib/orders/refund';
import type { EmailContent, EmailDetail } from '@/components/email/email-content';
import { explorerAddressUrl, solscanTransactionUrl, type ExplorerCluster } from '@/lib/wallet/explorer';

/**
 * What each e-mail to the buyer says (docs/email.md). The React Email template
 * (components/email/order-email.tsx) only lays it out.
 */
const watchName = (order: Order) => `${order.watch.brand} ${order.watch.model}`;

function priceOf(order: Order): string {
  const view = orderView(order);
  if (view.currency === 'USDC') return `${view.amount} USDC (the watch's price: ${view.amountSol} SOL)`;
  return `${view.amountSol} SOL (about $${order.usdAmount.toFixed(2)})`;
}

function orderDetails(order: Order, chain: ExplorerCluster, { withAddress = true } = {}): EmailDetail[] {
  const view = orderView(order);
  const details: EmailDetail[] = [
    { label: 'Watch', value: watchName(order) },
    { label: 'Price', value: view.simulated ? `${priceOf(order)}, not paid: simulated purchase` : priceOf(order) },
  ];
  if (view.signature) details.push({ label: 'Transaction', value: view.signature, href: solscanTransactionUrl(view.signature, chain) });
  if (view.certificate?.status === 'minted') {
    details.push({ label: 'Certificate', value: view.certificate.mint, href: explorerAddressUrl(view.certificate.mint, chain) });
  } else if (view.certificate) {
    details.push({ label: 'Certificate', value: 'Being minted: we will write again when it is on chain' });
  }
  if (order.trackingReference) details.push({ label: 'Tracking reference', value: order.trackingReference });
  if (withAddress) details.push({ label: 'Shipping to', value: order.address });
  details.push({ label: 'Order', value: order.id });
  return details;
}

type Writer = (order: Order, chain: ExplorerCluster, refund: Refund | null) => EmailContent;

/** A refund's amount, and the transaction that sent it, linked to the explorer. */
function refundDetails(order: Order, refund: Refund | null, chain: ExplorerCluster): EmailDetail[] {
  const details: EmailDetail[] = [{ label: 'Watch', value: watchName(order) }];
  if (refund) {
    details.push({ label: 'Refunded', value: `${refund.amount} ${refund.currency}` });
    details.push({ label: 'To the wallet', value: refund.recipient });
    if (refund.signature) details.push({ label: 'Refund transaction', value: refund.signature, href: solscanTransactionUrl(refund.signature, chain) });
  }
  details.push({ label: 'Order', value: order.id });
  return details;
}

const refundSentence = (order: Order, refund: Refund | null) =>
  refund
    ? `we sent ${refund.amount} ${refund.currency} back to the wallet that paid for the ${watchName(order)}. The transaction is on chain for you to check.`
    : `your payment for the ${watchName(order)} has been refunded to the wallet it came from.`;

const MESSAGES: Record<EmailedEventType, Writer> = {
  'order.simulated': (order, chain) => ({
    subject: `Simulated order, nothing was paid: ${watchName(order)}`,
    preview: 'This was a simulated purchase: no SOL was paid and no watch will be shipped.',
    heading: 'Your simulated order',
    paragraphs: [
      `Hello ${order.name},`,
      `this shop is running its simulated purchase: nothing was paid, no SOL left your wallet, and the ${watchName(order)} is not sold to you.`,
      'We keep the details you gave so you can see what a real order would look like.',
    ],
    details: orderDetails(order, chain),
  }),
  'order.paid': (order, chain) => ({
    subject: `Order confirmed: ${watchName(order)}`,
    preview: `We received your payment of ${priceOf(order)}.`,
    heading: 'Thank you for your order',
    paragraphs: [
      `Hello ${order.name},`,
      `we received your payment of ${priceOf(order)} for the ${watchName(order)}, checked on chain. We will write again when it ships.`,
    ],
    details: orderDetails(order, chain),
  }),
  'order.certified': (order, chain) => ({
    subject: `Your certificate is minted: ${watchName(order)}`,
    preview: 'The NFT certificate of your watch is in your wallet.',
    heading: 'Your certificate of authenticity',
    paragraphs: [
      `Hello ${order.name},`,
      `the NFT certificate of your ${watchName(order)} has been minted to your wallet. It proves the watch's authenticity and your ownership on Solana.`,
    ],
    details: orderDetails(order, chain, { withAddress: false }),
  }),
  'order.shipped': (order, chain) => ({
    subject: `On its way: ${watchName(order)}`,
    preview: `Tracking reference ${order.trackingReference ?? ''}`.trim(),
    heading: 'Your watch has shipped',
    paragraphs: [
      `Hello ${order.name},`,
      `your ${watchName(order)} is on its way. The carrier's tracking reference is ${order.trackingReference ?? 'not known yet'}.`,
    ],
    details: orderDetails(order, chain),
  }),
  'order.delivered': (order, chain) => ({
    subject: `Delivered: ${watchName(order)}`,
    preview: 'Your watch has been delivered.',
    heading: 'Your watch has arrived',
    paragraphs: [`Hello ${order.name},`, `the carrier reports your ${watchName(order)} as delivered. Enjoy wearing it.`],
    details: orderDetails(order, chain),
  }),
  'order.refund_due': (order, chain) => ({
    subject: `A refund is due to you: ${watchName(order)}`,
    preview: 'Your payment arrived after the time to pay had ended; we owe you a refund.',
    heading: 'We owe you a refund',
    paragraphs: [
      `Hello ${order.name},`,
      `your payment for the ${watchName(order)} reached us after the time to pay had ended, so the order could not be completed. The payment is recorded and will be refunded to the wallet it came from; we will write again when it is.`,
    ],
    details: orderDetails(order, chain, { withAddress: false }),
  }),
  'order.partially_refunded': (order, chain, refund) => ({
    subject: `Part of your payment refunded: ${watchName(order)}`,
    preview: refund ? `${refund.amount} ${refund.currency} is on its way back to your wallet.` : 'Part of your payment has been refunded.',
    heading: 'A partial refund',
    paragraphs: [`Hello ${order.name},`, refundSentence(order, refund), ...(refund ? [`Why: ${refund.reason}`] : [])],
    details: refundDetails(order, refund, chain),
  }),
  'order.refunded': (order, chain, refund) => ({
    subject: `Refunded: ${watchName(order)}`,
    preview: refund ? `${refund.amount} ${refund.currency} is on its way back to your wallet.` : 'Your payment has been refunded.',
    heading: 'Your refund',
    paragraphs: [
      `Hello ${order.name},`,
      refundSentence(order, refund),
      ...(refund ? ['All you paid for this order is now back with you.', `Why: ${refund.reason}`] : []),
    ],
    details: refund ? refundDetails(order, refund, chain) : orderDetails(order, chain, { withAddress: false }),
  }),
};

export function emailContent(event: ClaimedEvent, chain: ExplorerCluster): EmailContent {
  if (!isEmailedEvent(event.type)) throw new Error(`${event.type} is told to the operator's webhook only, never e-mailed`);
  return MESSAGES[event.type](event.order, chain, event.refund);
}
