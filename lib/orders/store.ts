import type { Order, OrderInput } from './types';

/**
 * Orders placed in the shop (beyond SPEC, which only logs them). Storing is idempotent on the
 * transaction hash: a retried order returns the first one and `created: false`.
 */
export interface OrderStore {
  place(input: OrderInput): Promise<{ order: Order; created: boolean }>;
  /** The order paid by that transaction, if it was stored. */
  findByTxHash(txHash: string): Promise<Order | null>;
  /** Newest first. */
  list(): Promise<Order[]>;
}
