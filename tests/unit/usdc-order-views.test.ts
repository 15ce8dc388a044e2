import { describe, expect, it } from 'vitest';
import { CSV_HEADER, orderCsvLine } from '@/lib/admin/orders-csv';
import { publicCertificate } from '@/lib/certificate/metadata';
import { emailContent } from '@/lib/email/messages';
import { webhookPayload } from '@/lib/events/payload';
import type { ClaimedEvent } from '@/lib/orders/events';
import { storedOrder } from '../support/stored-order';

/** Issue 38: everywhere an order paid in USDC shows, it says what was paid and in what. */

const USDC_MINT = '4zMMC9srt5Ri5X14GAgXhaHii3GnPAEERYPJgZJDncDU';
const usdcOrder = storedOrder({ currency: 'USDC', tokenAmount: '4442090000', splToken: USDC_MINT, usdAmount: 4442.09 });
const solOrder = storedOrder();
const site = new URL('https://orx.example');

const event = (order = usdcOrder): ClaimedEvent => ({
  id: 'msg_1',
  orderId: order.id,
  type: 'order.paid',
  channel: 'webhook',
  state: 'pending',
  attempts: 0,
  nextAttemptAt: order.createdAt,
  lastStatus: null,
  lastError: null,
  deliveredAt: null,
  createdAt: order.createdAt,
  order,
  refund: null,
  report: null,
});

describe('an order paid in USDC', () => {
  it("tells the webhook the currency and the amount, with SPEC's solAmount and usdAmount still filled", () => {
    expect(webhookPayload(event()).data).toMatchObject({ currency: 'USDC', amount: '4442.09', splToken: USDC_MINT, solAmount: 24.64, usdAmount: 4442.09 });
    expect(webhookPayload(event(solOrder)).data).toMatchObject({ currency: 'SOL', amount: '24.64' });
    expect(webhookPayload(event(solOrder)).data).not.toHaveProperty('splToken');
  });

  it('puts the amount paid and its currency beside the eight attributes of SPEC in the certificate; a SOL one keeps eight', () => {
    const usdc = publicCertificate(usdcOrder, null, site);
    expect(usdc.attributes.slice(8)).toEqual([
      { trait_type: 'Amount Paid', value: '4442.09' },
      { trait_type: 'Currency', value: 'USDC' },
    ]);
    expect(usdc.attributes.slice(0, 8).map(({ trait_type }) => trait_type)).toEqual(
      publicCertificate(solOrder, null, site).attributes.map(({ trait_type }) => trait_type),
    );
    expect(publicCertificate(solOrder, null, site).attributes).toHaveLength(8);
  });

  it("shows the USDC paid in the buyer's e-mail and the operator's CSV", () => {
    const chain = { cluster: 'devnet', rpcUrl: 'https://api.devnet.solana.com' } as const;
    const price = emailContent(event(), chain).details.find(({ label }) => label === 'Price');
    expect(price?.value).toBe("4442.09 USDC (the watch's price: 24.64 SOL)");
    const header = CSV_HEADER.trim().split(',');
    const cells = orderCsvLine({ ...usdcOrder, refunded: '0' }).trim().split(',');
    expect(cells[header.indexOf('Paid in')]).toBe('USDC');
    expect(cells[header.indexOf('Amount paid')]).toBe('4442.09');
    expect(orderCsvLine({ ...solOrder, refunded: '0' }).trim().split(',')[header.indexOf('Paid in')]).toBe('SOL');
  });
});
