import type { Order } from '@/lib/orders/types';

export const STORED_ORDER_SIGNATURE = '5VERv8NMvzbJMEkV8xnrLkEaWRtSz9CosKDYjCJjBRnbJLgp8uirBgmQpjKhoR4tjF3ZpRzrFmBV6UjKdiSZkQUW';
export const STORED_ORDER_MINT = '9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin';

/** An order as the store returns it: paid on chain, certified, with `change` applied. */
export const storedOrder = (change: Partial<Order> = {}): Order => ({
  id: '0b9f6a8e-2d7c-4a55-9d0e-3f1e2a4b5c6d',
  status: 'paid',
  txHash: STORED_ORDER_SIGNATURE,
  wallet: STORED_ORDER_MINT,
  usdAmount: 4442.09,
  solAmount: 24.64,
  lamports: '24640000000',
  currency: 'SOL',
  tokenAmount: null,
  splToken: null,
  reference: 'reference',
  expiresAt: '2026-11-23T09:10:00.000Z',
  paidAt: '2026-11-23T09:01:00.000Z',
  finalizedAt: '2026-11-23T09:01:13.000Z',
  refundDue: false,
  certificateMint: STORED_ORDER_MINT,
  certificateAttempts: 0,
  certificateFailure: null,
  failure: null,
  trackingReference: null,
  refundNote: null,
  name: 'Ada Lovelace',
  phone: '+44 20 7946 0000',
  email: 'ada@example.com',
  address: '12 St James Square',
  watch: { id: null, brand: 'Longines', model: 'Spirit Zulu Time 42' },
  createdAt: '2026-11-23T09:00:00.000Z',
  ...change,
});
