import { describe, expect, it } from 'vitest';
import { orderView } from '@/lib/orders/order-view';
import { storedOrder as order, STORED_ORDER_MINT as MINT, STORED_ORDER_SIGNATURE as SIGNATURE } from '../support/stored-order';

describe('an order in the admin Orders view', () => {
  it('shows a paid order with its amount from the exact lamports, its signature and its certificate', () => {
    expect(orderView(order({ lamports: '1000000001', solAmount: 1 }))).toEqual({
      statusLabel: 'Paid',
      tone: 'ok',
      simulated: false,
      amountSol: '1.000000001',
      currency: 'SOL',
      amount: '1.000000001',
      signature: SIGNATURE,
      certificate: { status: 'minted', mint: MINT },
      refundDue: false,
    });
  });

  it('shows a USDC order with the amount paid in USDC, beside the watch\'s SOL price', () => {
    const view = orderView(order({ currency: 'USDC', tokenAmount: '4442090000', splToken: MINT }));
    expect(view).toMatchObject({ currency: 'USDC', amount: '4442.09', amountSol: '24.64' });
  });

  it('says when a paid order still waits for its certificate', () => {
    expect(orderView(order({ certificateMint: null })).certificate).toEqual({ status: 'pending' });
  });

  it('marks a simulated purchase as such: no amount from lamports, and no link for its made-up hash', () => {
    expect(orderView(order({ status: 'simulated', lamports: null, certificateMint: null, reference: null }))).toMatchObject({
      statusLabel: 'Simulated',
      tone: 'muted',
      simulated: true,
      amountSol: '24.64',
      signature: null,
      certificate: null,
    });
  });

  it('flags a late payment the shop owes back, and shows a pending or failed intent as not paid', () => {
    expect(orderView(order({ status: 'expired', refundDue: true, certificateMint: null }))).toMatchObject({
      statusLabel: 'Expired',
      tone: 'problem',
      refundDue: true,
      signature: SIGNATURE,
      certificate: null,
    });
    expect(orderView(order({ status: 'pending', txHash: null, certificateMint: null }))).toMatchObject({
      statusLabel: 'Awaiting payment',
      tone: 'waiting',
      signature: null,
    });
    expect(orderView(order({ status: 'failed', txHash: null, certificateMint: null }))).toMatchObject({ statusLabel: 'Failed', tone: 'problem' });
  });

  it('keeps a shipped simulated order marked simulated, and owes no certificate for it', () => {
    expect(
      orderView(order({ status: 'shipped', lamports: null, certificateMint: null, reference: null, trackingReference: 'DHL 1234567890' })),
    ).toMatchObject({ statusLabel: 'Shipped', tone: 'ok', simulated: true, signature: null, certificate: null });
  });

  it('shows the fulfilment of a paid order: shipped and delivered still owe the certificate, a refund does not', () => {
    expect(orderView(order({ status: 'shipped', certificateMint: null }))).toMatchObject({
      statusLabel: 'Shipped',
      tone: 'ok',
      certificate: { status: 'pending' },
    });
    expect(orderView(order({ status: 'delivered' }))).toMatchObject({ statusLabel: 'Delivered', tone: 'ok' });
    expect(orderView(order({ status: 'refunded', certificateMint: null }))).toMatchObject({
      statusLabel: 'Refunded',
      tone: 'muted',
      certificate: null,
    });
  });
});
