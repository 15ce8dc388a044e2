import { randomUUID } from 'node:crypto';
import { beforeAll, expect, it } from 'vitest';
import type { Order } from '@/lib/orders/types';
import { contractSuite, intentInput, placedIntent, settledFinal } from '../support/intents';
import { base58, runOnEveryStore, type Target } from '../support/store-targets';

/**
 * Issue 53: certificate reports and service events on every store. Each test uses a certificate
 * (a mint and a paid order) of its own; on the PostgreSQL server the racing calls race for real.
 */

function certificateRecordsContract(target: Target) {
  const { opened, watchWith } = contractSuite(target, `Certificates ${randomUUID().slice(0, 8)}`, 'certificates');
  const stores = () => opened.stores;
  let watch: Awaited<ReturnType<typeof watchWith>>;
  beforeAll(async () => {
    watch = await watchWith(1000);
  });

  /** A paid order and the mint of its certificate. */
  async function certificate(): Promise<{ order: Order; mint: string }> {
    const intent = await placedIntent(stores().orders, intentInput(watch));
    const order = (await settledFinal(stores().orders, intent.id, { status: 'paid', txHash: base58(88), wallet: intent.wallet!, paidAt: new Date() }))!;
    const mint = base58(44);
    await stores().orders.recordCertificate(order.id, mint);
    return { order, mint };
  }

  const reportOf = (mint: string, orderId: string, reportedBy = base58(44)) => ({
    mint,
    orderId,
    kind: 'stolen' as const,
    occurredOn: '2026-11-20',
    policeReference: null,
    reportedBy,
  });

  it('keeps one open report per certificate, even when two are made at once, with one webhook event', async () => {
    const { order, mint } = await certificate();
    const outcomes = await Promise.all([stores().certificates.report(reportOf(mint, order.id)), stores().certificates.report(reportOf(mint, order.id))]);
    expect(outcomes.map((outcome) => outcome.outcome).sort()).toEqual(['already', 'reported']);
    expect(outcomes[0]!.report.id).toBe(outcomes[1]!.report.id);
    expect(await stores().certificates.openReport(mint)).toEqual(outcomes[0]!.report);
    const events = (await stores().events.forOrder(order.id)).filter((event) => event.type.startsWith('certificate.'));
    expect(events.map((event) => [event.type, event.channel])).toEqual([['certificate.reported', 'webhook']]);
  });

  it('clears a report for its reporter or the owner only, once, and takes a new report after', async () => {
    const { order, mint } = await certificate();
    const reporter = base58(44);
    await stores().certificates.report(reportOf(mint, order.id, reporter));
    expect(await stores().certificates.clearReport(mint, base58(44), 'wallet someone')).toMatchObject({ outcome: 'not-reporter' });
    const cleared = await Promise.all([stores().certificates.clearReport(mint, reporter, `wallet ${reporter}`), stores().certificates.clearReport(mint, null, 'operator')]);
    expect(cleared.map((outcome) => outcome.outcome).sort()).toEqual(['cleared', 'none']);
    expect(await stores().certificates.openReport(mint)).toBeNull();
    expect(await stores().certificates.report(reportOf(mint, order.id))).toMatchObject({ outcome: 'reported' });
    expect(await stores().certificates.clearReport(mint, null, 'operator')).toMatchObject({ outcome: 'cleared' });
    const types = (await stores().events.forOrder(order.id)).map((event) => event.type).filter((type) => type.startsWith('certificate.'));
    expect(types).toEqual(['certificate.reported', 'certificate.report_cleared', 'certificate.reported', 'certificate.report_cleared']);
  });

  it('lists service events by day then id, and takes the holder’s acceptance once', async () => {
    const { order, mint } = await certificate();
    const add = (servicedOn: string, work: string) =>
      stores().certificates.addServiceEvent({ mint, orderId: order.id, servicedOn, servicedBy: 'Atelier', work, photos: ['/images/watch-placeholder.svg'], createdBy: 'operator' });
    const later = await add('2026-10-01', 'Pressure test');
    const earlier = await add('2025-03-15', 'Full service');
    expect(await stores().certificates.serviceEvents(mint)).toEqual([earlier, later]);
    expect(earlier).toEqual({ id: expect.any(String), servicedOn: '2025-03-15', servicedBy: 'Atelier', work: 'Full service', photos: ['/images/watch-placeholder.svg'], confirmation: null });

    const confirmation = { wallet: base58(44), signedMessage: 'c2lnbmVk', signature: 'c2lnbmF0dXJl' };
    const accepted = await Promise.all([stores().certificates.confirmServiceEvent(mint, later.id, confirmation), stores().certificates.confirmServiceEvent(mint, later.id, confirmation)]);
    expect(accepted.map((outcome) => outcome.outcome).sort()).toEqual(['already', 'confirmed']);
    expect((await stores().certificates.serviceEvents(mint))[1]!.confirmation).toEqual({ ...confirmation, at: expect.any(String) });
    expect(await stores().certificates.confirmServiceEvent(base58(44), later.id, confirmation)).toEqual({ outcome: 'unknown', event: null });
    expect(await stores().certificates.serviceEvents(base58(44))).toEqual([]);
  });
}

runOnEveryStore(certificateRecordsContract);
