import 'server-only';
import { PublicKey } from '@solana/web3.js';
import { isTransactionAlreadyUsedError, type OrderStore } from '@/lib/orders/store';
import type { Order } from '@/lib/orders/types';
import { actingAs, type AuditActor } from '@/lib/db/audit-actor';
import type { PaymentStatusResponse } from '@/lib/checkout/api';
import { isConfirming } from '@/lib/orders/fulfilment';
import { checkFinality, type FinalityReader } from './finality';
import { findPayment, type ChainReader, type Verification } from './verify';

export type SettleDependencies = {
  orders: OrderStore;
  chain: ChainReader & FinalityReader;
  merchant: PublicKey;
  now?: () => number;
  /**
   * Called when a payment sold a piece, or a dropped one gave it back: what shoppers see may have
   * changed (the last piece, sold out). Awaited, so that every instance knows of it before the buyer is told.
   */
  onSale?: () => void | Promise<void>;
  /**
   * Shares one look on chain among the requests about an order that come together (the verify
   * route's check-once.ts); each looks for itself without it.
   */
  shareLook?: (orderId: string, look: () => Promise<Verification>) => Promise<Verification>;
};

/**
 * Looks on chain for the payment of one order and records what it finds, with the time it landed.
 * settle_order decides, under the watch's row lock, what a payment buys: one in time sells the
 * piece its intent holds; one that landed after its intent expired or was cancelled sells only
 * within 2 minutes of the expiry, at no less than the watch's current price, with a piece free
 * (supabase/migrations/20261126000400_late_payments.sql). Any other payment is kept as a refund
 * due on the expired order. Nothing paid: failed, or expired once its time ran out, which releases
 * its hold. A pending order stays pending while nothing is found, and when the chain cannot be
 * read (the error is thrown: nothing is marked paid on a guess). A payment recorded is then
 * followed to `finalized` (finality.ts). Returns null for an id that is no payment intent.
 */
export async function settlePayment(orderId: string, hint: string | undefined, deps: SettleDependencies): Promise<Order | null> {
  const order = await deps.orders.get(orderId);
  if (!order || order.status === 'simulated' || !order.reference) return null;
  if (isConfirming(order)) return followToFinality(order, deps);
  // Once expired or failed, only a payment that still arrives can be recorded (as owed back).
  const open = order.status === 'pending' || ((order.status === 'expired' || order.status === 'failed') && order.txHash === null);
  if (!open) return order;

  const now = deps.now ?? Date.now;
  const intent = {
    reference: new PublicKey(order.reference),
    recipient: deps.merchant,
    buyer: order.wallet,
    lamports: BigInt(order.lamports!),
    createdAt: new Date(order.createdAt),
    expiresAt: new Date(order.expiresAt!),
    // A USDC intent is paid in its mint's tokens, never in SOL.
    ...(order.currency === 'USDC' ? { token: { mint: new PublicKey(order.splToken!), amount: BigInt(order.tokenAmount!) } } : {}),
  };
  const look = () => findPayment(deps.chain, intent, hint, now);
  const verification = await (deps.shareLook ? deps.shareLook(order.id, look) : look());

  if (verification.status === 'paid' || verification.status === 'late') {
    const settled = await settleOnce(deps.orders, order, {
      status: 'paid',
      txHash: verification.signature,
      wallet: verification.payer,
      paidAt: verification.landedAt,
    });
    if (settled.status === 'paid') await deps.onSale?.();
    return followToFinality(settled, deps);
  }
  if (order.status !== 'pending') return order;
  switch (verification.status) {
    case 'invalid':
      return settleOnce(deps.orders, order, { status: 'failed', txHash: null, failure: verification.reason });
    case 'pending':
      if (now() <= new Date(order.expiresAt!).getTime()) return order;
      return settleOnce(deps.orders, order, { status: 'expired', txHash: null, refundDue: false });
  }
}

/** A recorded payment, finalized or dropped if the cluster says so already; a piece given back is told to the shop. */
export async function followToFinality(order: Order, deps: SettleDependencies): Promise<Order> {
  const checked = await checkFinality(order, { orders: deps.orders, chain: deps.chain, now: deps.now ?? Date.now });
  if (order.status === 'paid' && checked.status !== 'paid') await deps.onSale?.();
  return checked;
}

/** Why an intent the buyer gave up failed: their wallet sent nothing. */
export const CANCELLED_BY_BUYER = 'The payment was cancelled in the wallet.';

/**
 * Who asks to give an intent up: the wallet signed in on the request (Sign-In With Solana), and the
 * member of staff whose role handles orders, with their second factor given (null: none).
 */
export type Canceller = { wallet: string | null; staff: AuditActor | null };

/**
 * The buyer's page (or staff) gives up an intent its wallet did not pay: the order is looked up on
 * chain as the worker would (a payment found is settled as such), and only an order still unpaid
 * fails, releasing its hold at once instead of at its expiry. A payment landing afterwards is
 * still found by the worker (as for any failed intent), under the rule for late payments
 * (settlePayment). The order's id is in its QR code's memo, so knowing it proves nothing: only the
 * wallet the intent holds the piece for, or staff, may; anyone else gets null, as for an id that is
 * no payment (nothing changes, and the answer does not say whether the order exists). Staff giving
 * up another wallet's intent is on the audit trail as theirs.
 */
export async function cancelPayment(orderId: string, by: Canceller, deps: SettleDependencies): Promise<Order | null> {
  const found = await deps.orders.get(orderId);
  const own = found !== null && by.wallet !== null && found.wallet === by.wallet;
  if (!found || (!own && by.staff === null)) return null;
  const cancel = async () => {
    const order = await settlePayment(orderId, undefined, deps);
    if (!order || order.status !== 'pending') return order;
    return settleOnce(deps.orders, order, { status: 'failed', txHash: null, failure: CANCELLED_BY_BUYER });
  };
  return own || by.staff === null ? cancel() : actingAs(by.staff, cancel);
}

/** Applies a settlement; a concurrent one that won first is read back instead. */
async function settleOnce(orders: OrderStore, order: Order, settlement: Parameters<OrderStore['settle']>[1]): Promise<Order> {
  try {
    return (await orders.settle(order.id, settlement)) ?? (await orders.get(order.id)) ?? order;
  } catch (error) {
    if (!isTransactionAlreadyUsedError(error)) throw error;
    // One transaction pays one order: this one already paid another.
    return (
      (await orders.settle(order.id, { status: 'failed', txHash: null, failure: 'That transaction already paid another order.' })) ??
      (await orders.get(order.id)) ??
      order
    );
  }
}

/** An order as the payment routes answer it. */
export function paymentStatus(order: Order): PaymentStatusResponse {
  const settled = order.status === 'pending' || order.status === 'expired' || order.status === 'failed' ? order.status : 'paid';
  const status = settled === 'paid' && isConfirming(order) ? 'confirming' : settled;
  return {
    orderId: order.id,
    status,
    signature: order.txHash,
    refundDue: order.refundDue,
    certificate: order.certificateMint ? { status: 'minted', mint: order.certificateMint } : { status: 'pending', mint: null },
    message: statusMessage(order),
  };
}

function statusMessage(order: Order): string | null {
  if (order.status === 'failed') return `${order.failure ?? 'The payment failed.'} Please try again; if SOL left your wallet for this order, contact us and it will be refunded.`;
  if (order.status === 'expired' && order.refundDue) {
    return 'Your payment arrived after this order expired. It is recorded and will be refunded; please place the order again.';
  }
  if (order.status === 'expired') return 'This payment request expired before it was paid. Please try again.';
  return null;
}
