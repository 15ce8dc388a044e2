import { describe, expect, it } from 'vitest';
import { availableMoves, type PaymentsMode } from '@/lib/orders/fulfilment';
import type { Order } from '@/lib/orders/types';
import { storedOrder as order } from '../support/stored-order';

/** The moves the panel offers (the same rules the route enforces before the database does). */

const simulated = (status: Order['status']) => order({ status, reference: null, lamports: null });

describe('the moves an order allows', () => {
  it.each<[string, Order, PaymentsMode, string[]]>([
    // A refund is no move: it is a transfer the chain shows (issue 51, refunds-on-chain.test.ts).
    ['a paid order', order({ status: 'paid' }), 'solana', ['shipped']],
    ['a shipped order', order({ status: 'shipped' }), 'solana', ['delivered']],
    ['a late payment owed back: sold by hand', order({ status: 'expired', refundDue: true }), 'solana', ['paid']],
    ['a sale partly refunded before it shipped', order({ status: 'partially_refunded' }), 'solana', ['shipped']],
    ['a sale partly refunded once shipped', order({ status: 'partially_refunded', trackingReference: 'DHL 1234567890' }), 'solana', ['delivered']],
    ['a late payment partly refunded (never a sale)', order({ status: 'partially_refunded', refundDue: true }), 'solana', []],
    ['an expired intent nobody paid', order({ status: 'expired' }), 'solana', []],
    ['a pending order', order({ status: 'pending' }), 'solana', []],
    ['a failed order', order({ status: 'failed' }), 'solana', []],
    ['a delivered order', order({ status: 'delivered' }), 'solana', []],
    ['a refunded order', order({ status: 'refunded' }), 'solana', []],
    ['a simulated order in the demo shop', simulated('simulated'), 'simulated', ['shipped']],
    ['a simulated order once real payments are on', simulated('simulated'), 'solana', []],
    ['a shipped simulated order', simulated('shipped'), 'simulated', ['delivered']],
  ])('%s', (_, target, payments, moves) => {
    expect(availableMoves(target, payments)).toEqual(moves);
  });
});
