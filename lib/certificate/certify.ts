import 'server-only';
import { isConfirming } from '@/lib/orders/fulfilment';
import type { OrderStore } from '@/lib/orders/store';
import type { Order } from '@/lib/orders/types';
import { refuse, type Refusal } from '@/lib/result';
import { MINT_FAILED_MESSAGE } from './nft-metadata';

export type CertificateMinter = (request: { orderId: string; owner: string; name: string; uri: string }) => Promise<{ mint: string }>;

export type CertifyDependencies = {
  orders: OrderStore;
  /** null when no CERTIFICATE_AUTHORITY_KEY is configured: certificates stay pending. */
  mint: CertificateMinter | null;
  /** The public URL of the order's certificate JSON (the token's metadata uri). */
  certificateUri: (orderId: string) => string;
};

export type CertifyResult = { ok: true; order: Order } | Refusal<'unknown-order' | 'not-paid' | 'not-final'>;

/** Token-2022 metadata names are kept short: wallets show about this much. */
const CERTIFICATE_NAME_LENGTH = 32;

/**
 * Mints the NFT certificate of a paid order whose payment is final, once: a recorded mint is returned as it is, and the
 * minter derives the mint's address from the order, so a retry or a second server racing on the
 * same order finds the same mint instead of making another. A minting failure leaves the
 * certificate pending (the order stays paid): its reason is kept on the order for the operator, and
 * the settlement worker tries again later, waiting longer after each failure.
 */
export async function certifyOrder(orderId: string, deps: CertifyDependencies): Promise<CertifyResult> {
  const order = await deps.orders.get(orderId);
  if (!order || order.status === 'simulated') return refuse('unknown-order', 'No payment with that id');
  if (order.status !== 'paid') return refuse('not-paid', 'This order is not paid');
  // A certificate is permanent: never for a payment the cluster may still drop.
  if (isConfirming(order)) return refuse('not-final', 'The payment is not final yet');
  if (order.certificateMint || !deps.mint || !order.wallet) return { ok: true, order };
  try {
    const { mint } = await deps.mint({
      orderId: order.id,
      owner: order.wallet,
      name: `ORX ${order.watch.brand} ${order.watch.model}`.slice(0, CERTIFICATE_NAME_LENGTH).trim(),
      uri: deps.certificateUri(order.id),
    });
    return { ok: true, order: (await deps.orders.recordCertificate(order.id, mint)) ?? order };
  } catch (error) {
    const reason = certificateFailureReason(error);
    console.error(MINT_FAILED_MESSAGE, order.id, reason);
    return { ok: true, order: (await deps.orders.recordCertificateFailure(order.id, reason)) ?? order };
  }
}

/** What the operator sees of a failed mint: the error's message on one line, within the column's 500 characters. */
export function certificateFailureReason(error: unknown): string {
  const text = (error instanceof Error ? error.message : String(error)).replace(/[\u0000-\u001f\u007f]+/g, ' ').trim();
  return (text || 'The mint failed without a reason.').slice(0, 500);
}
