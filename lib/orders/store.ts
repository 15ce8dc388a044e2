import { isStoreError } from '@/lib/store-errors';
import type { MoveRequest } from './fulfilment-schema';
import type {
  DueWork,
  IntentOutcome,
  Order,
  OrderHistoryEntry,
  OrderInput,
  OrderQuery,
  OrderSettlement,
  PaymentIntentInput,
  StockCounts,
} from './types';

/**
 * Orders placed in the shop (beyond SPEC, which only logs them): simulated purchases, and payment
 * intents that the verifier settles once it has checked the chain.
 */
export interface OrderStore {
  /**
   * A simulated purchase, idempotent on its transaction hash: a retry returns the first one,
   * `created: false`. walletSignedIn (default false): its wallet is the buyer's signed-in wallet; a
   * simulated payment proves nothing else about it.
   */
  place(input: OrderInput, proof?: { walletSignedIn: boolean }): Promise<{ order: Order; created: boolean }>;
  /** The order paid by that transaction, if it was stored. */
  findByTxHash(txHash: string): Promise<Order | null>;
  /**
   * A payment intent, stored as a pending order holding one piece of its watch, or refused when no
   * piece is free (one SQL transaction under the watch's row lock).
   */
  createIntent(input: PaymentIntentInput): Promise<IntentOutcome>;
  get(id: string): Promise<Order | null>;
  /**
   * Settles a pending order (or records a late payment on an expired one); null when the order
   * was not in a state that allows it. Throws TransactionAlreadyUsedError when the transaction
   * already paid another order.
   */
  settle(id: string, settlement: OrderSettlement): Promise<Order | null>;
  /** The payment's transaction was seen finalized; null when the order has no such transaction or is final already. */
  finalizePayment(id: string, txHash: string): Promise<Order | null>;
  /**
   * The cluster dropped the payment's transaction before it was final: a paid order gives its piece
   * back and fails, a refund due is no longer owed; the order forgets the transaction. Null when the
   * order has another transaction or is final.
   */
  dropPayment(id: string, txHash: string): Promise<Order | null>;
  /** Records the certificate's mint on a paid order; null if the order is not paid or has another mint. */
  recordCertificate(id: string, mint: string): Promise<Order | null>;
  /** A failed mint: counted, its reason kept for the operator, retried later (backoff in SQL). */
  recordCertificateFailure(id: string, reason: string): Promise<Order | null>;
  /**
   * The settlement worker's claim: up to `limit` orders due for `work`, each leased for
   * `leaseSeconds` so that no other instance works on it meanwhile.
   */
  claimDue(work: DueWork, limit: number, leaseSeconds: number): Promise<Order[]>;
  /** Ends a claim: the order is next due in `delaySeconds`. */
  releaseClaim(id: string, delaySeconds: number): Promise<void>;
  /** Pieces held and sold per watch, for these watches only (a page of the admin grid). */
  stockCounts(watchIds: string[]): Promise<StockCounts>;
  /** Newest first. */
  list(): Promise<Order[]>;
  /**
   * One wallet's orders, newest first: only those its wallet is proven for (the payer the chain
   * showed, or the signed-in wallet that made it), never a wallet some request merely typed.
   */
  listByWallet(wallet: string): Promise<Order[]>;
  /** The order whose certificate is that mint: the shop's own record of what it issued. */
  findByCertificateMint(mint: string): Promise<Order | null>;
  /** One page of the orders matching the query, newest first (the admin list and its CSV export). */
  search(query: OrderQuery): Promise<Order[]>;
  /**
   * The operator's move, applied only if the order is still in `move.from` and the move is allowed
   * (one statement, with its history row); null when it was not applied.
   */
  move(id: string, move: MoveRequest, actor: string): Promise<Order | null>;
  /** The order's moves, oldest first. */
  history(id: string): Promise<OrderHistoryEntry[]>;
}

/** One transaction pays one order: the signature is already on another one. */
export class TransactionAlreadyUsedError extends Error {
  override name = 'TransactionAlreadyUsedError';
  constructor(readonly txHash: string) {
    super(`Transaction ${txHash} already paid another order`);
  }
}

/** Told by name: the store may have been made by another bundle (lib/store-errors.ts). */
export function isTransactionAlreadyUsedError(error: unknown): error is TransactionAlreadyUsedError {
  return isStoreError(error, 'TransactionAlreadyUsedError');
}

/** Postgres's unique_violation, as PGlite and PostgREST both report it. */
export const UNIQUE_VIOLATION = '23505';
