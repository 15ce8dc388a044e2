import 'server-only';
import { createPostResponse, type ActionPostResponse } from '@solana/actions';
import { PublicKey, type Connection } from '@solana/web3.js';
import { z } from '@/lib/zod';
import type { OrderStore } from '@/lib/orders/store';
import type { PaymentIntentResponse } from '@/lib/checkout/api';
import { paymentTransaction } from '@/lib/checkout/payment-transaction';
import { refuse, type Refusal } from '@/lib/result';
import { fundsShortfall, intentResponse } from './intent';
import type { WalletFunds } from './wallet-funds';

/**
 * Solana Pay transaction requests (and the Actions built on them): the wallet names its account,
 * the server answers the transaction that pays an order from it, unsigned. The amount, the
 * merchant, the reference and the memo are the order's, fixed when it was made; the wallet signs
 * and sends, and the payment is found and verified by its reference like any other (verify.ts). So
 * nothing a wallet sends changes what pays the order: an account is not trusted, only read.
 */

/** What a wallet's POST says: its account, a base58 public key on the curve or off it. */
export const accountRequestSchema = z.object({
  account: z
    .string({ error: 'account is required' })
    .max(44, 'account must be a base58 Solana address')
    .refine(isAddress, 'account must be a base58 Solana address'),
});

function isAddress(value: string): boolean {
  try {
    return new PublicKey(value).toBase58() === value;
  } catch {
    return false;
  }
}

/** The shop's label and icon, which the wallet shows before it asks its user anything. */
export const SHOP_LABEL = 'ORX';
export const shopIcon = (shopOrigin: string) => `${shopOrigin}/icon.svg`;

/**
 * The transaction that pays an intent from `payer` (the fee is the payer's), with a recent
 * blockhash, serialised for the wallet to sign; `message` is what the wallet shows beside it.
 */
export async function paymentTransactionResponse(
  intent: PaymentIntentResponse,
  watchName: string,
  payer: PublicKey,
  connection: Connection,
  extra: Pick<ActionPostResponse, 'links'> = {},
): Promise<ActionPostResponse> {
  const recent = await connection.getLatestBlockhash('confirmed');
  return createPostResponse({
    fields: {
      type: 'transaction',
      transaction: paymentTransaction(intent, payer, recent),
      message: `Pay ${intent.amount} ${intent.currency} to ORX for the ${watchName}. The watch is held for you until ${utcTime(intent.expiresAt)}.`,
      ...extra,
    },
  });
}

const utcTime = (at: string) => `${new Date(at).toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit', hour12: false, timeZone: 'UTC' })} UTC`;

export type TransactionRequestDependencies = {
  connection: Connection;
  merchant: PublicKey;
  shopOrigin: string;
  orders: OrderStore;
  walletFunds: (wallet: string) => Promise<WalletFunds>;
  now?: () => Date;
};

export type TransactionRequestResult = { ok: true; response: ActionPostResponse } | Refusal<'invalid' | 'unknown-order' | 'not-open' | 'no-funds'>;

/**
 * POST /api/pay/{orderId}: the transaction paying a pending intent from the account the wallet
 * names, refused before anything is signed when the intent cannot be paid any more (paid, expired,
 * cancelled) or when the account cannot pay it now.
 */
export async function transactionRequest(orderId: string, raw: unknown, deps: TransactionRequestDependencies): Promise<TransactionRequestResult> {
  const parsed = accountRequestSchema.safeParse(raw);
  if (!parsed.success) return refuse('invalid', parsed.error.issues[0]?.message ?? 'account must be a base58 Solana address');
  const order = await deps.orders.get(orderId);
  if (!order || order.status === 'simulated' || !order.reference) return refuse('unknown-order', 'No payment with that id');
  const now = deps.now?.() ?? new Date();
  if (order.status !== 'pending' || Date.parse(order.expiresAt!) <= now.getTime()) {
    return refuse('not-open', 'This payment is no longer open: nothing was charged. Start again from the watch at ORX.');
  }
  const short = fundsShortfall(await deps.walletFunds(parsed.data.account), BigInt(order.lamports!), order.currency === 'USDC' ? BigInt(order.tokenAmount!) : null);
  if (short) return refuse('no-funds', short);
  const intent = intentResponse(order, deps.merchant, deps.shopOrigin);
  const watchName = `${order.watch.brand} ${order.watch.model}`;
  return { ok: true, response: await paymentTransactionResponse(intent, watchName, new PublicKey(parsed.data.account), deps.connection) };
}
