import type { PaymentCurrency } from '@/lib/chain/currencies';

/**
 * The JSON the payment routes answer (the browser's half of the contract). Lamports travel as
 * decimal strings: JSON numbers lose precision past 2^53.
 */

/** POST /api/payments: a payment intent, stored as a pending order. */
export type PaymentIntentResponse = {
  orderId: string;
  /** The merchant's address (MERCHANT_WALLET). */
  recipient: string;
  reference: string;
  lamports: string;
  /** The watch's price in SOL, as a decimal string. */
  amountSol: string;
  /** What the buyer pays in, and how much of it (a decimal string: SOL, or USDC to the cent). */
  currency: PaymentCurrency;
  amount: string;
  /** The mint a USDC payment is made in; absent for SOL. */
  splToken?: string;
  expiresAt: string;
  /** The memo the transaction carries: the order id. */
  memo: string;
  /**
   * The Solana Pay transaction request a phone wallet scans (solana:https://<shop>/api/pay/{orderId}):
   * the wallet says who it is and the shop's server builds the transaction, or refuses before
   * anything is signed.
   */
  transactionRequestUrl: string;
  /** The Solana Pay transfer request, for wallets that do not speak transaction requests (solana:<recipient>?amount=…). */
  solanaPayUrl: string;
};

export type CertificateState =
  | { status: 'minted'; mint: string }
  /** Not minted yet: no certificate authority is configured, or minting failed and will be retried. */
  | { status: 'pending'; mint: null };

/** POST /api/payments/{id}/verify and POST /api/payments/{id}/certificate. */
export type PaymentStatusResponse = {
  orderId: string;
  /** confirming: the payment was found (the piece is the buyer's) but is not final yet. */
  status: 'pending' | 'confirming' | 'paid' | 'expired' | 'failed';
  /** The transaction that paid (or, for an expired order paid late, the late payment). */
  signature: string | null;
  /** A payment that arrived after the intent expired: the shop owes the buyer a refund. */
  refundDue: boolean;
  certificate: CertificateState;
  /** Why the order failed, in words for the buyer. */
  message: string | null;
};
