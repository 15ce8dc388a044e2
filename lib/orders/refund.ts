import type { PaymentCurrency } from '@/lib/chain/currencies';

/**
 * A refund (issue 51): an amount of the order's currency owed back to the wallet that paid it,
 * recorded `sent` only once the chain shows the transfer (docs/refunds.md).
 * open: waiting for the transfer; sent: the chain showed it; cancelled by staff; expired unpaid
 * after a day.
 */
export const REFUND_STATES = ['open', 'sent', 'cancelled', 'expired'] as const;
export type RefundState = (typeof REFUND_STATES)[number];

export type Refund = {
  id: string;
  orderId: string;
  /** In the currency's base units (lamports, or USDC's millionths), a decimal string. */
  units: string;
  /** The same amount as a decimal of the currency ("0.25"). */
  amount: string;
  currency: PaymentCurrency;
  /** The token's mint for a USDC refund; null for SOL. */
  mint: string | null;
  /** The wallet that paid the order: the refund's only payee. */
  recipient: string;
  /** The Solana Pay reference its transaction is found by. */
  reference: string;
  reason: string;
  state: RefundState;
  /** The transaction that paid it, once sent. */
  signature: string | null;
  /** Why the last transaction naming its reference did not pay it. */
  failure: string | null;
  createdBy: string;
  createdAt: string;
  expiresAt: string;
  sentAt: string | null;
  endedAt: string | null;
};
