import 'server-only';
import type { CompletedAction } from '@solana/actions';
import { z } from '@/lib/zod';
import type { Watch } from '@/lib/catalog/types';
import { searchImages } from '@/lib/catalog/raster-images';
import { accountRequestSchema } from '@/lib/checkout/server/transaction-request';
import { paymentStatus, settlePayment, type SettleDependencies } from '@/lib/checkout/server/settle';
import { refuse, type Refusal } from '@/lib/result';

/**
 * The Action's next step (the spec's chaining): once the buyer's wallet has sent the transaction,
 * the blink posts its account and signature here. The server looks for the payment on chain (the
 * signature is a hint, as the dialog's is) and answers `type: "completed"` once it is found; the
 * settlement worker would find it anyway.
 */

const paidRequestSchema = accountRequestSchema.extend({
  signature: z.string().regex(/^[1-9A-HJ-NP-Za-km-z]{43,88}$/, 'signature must be a base58 transaction signature').optional(),
});

export type PaidDependencies = SettleDependencies & { origin: string; watch: (id: string) => Promise<Watch | null> };

export type PaidResult = { ok: true; action: CompletedAction } | Refusal<'invalid' | 'unknown-order' | 'not-paid' | 'not-open'>;

export async function paidAction(watchId: string, orderId: string, raw: unknown, deps: PaidDependencies): Promise<PaidResult> {
  const parsed = paidRequestSchema.safeParse(raw);
  if (!parsed.success) return refuse('invalid', parsed.error.issues[0]?.message ?? 'account must be a base58 Solana address');
  const order = await deps.orders.get(orderId);
  // Asked about as its watch's, by its wallet; the answer says nothing the chain does not (the memo
  // names the order, the payer is public), never the buyer's shipping details.
  if (!order || order.watch.id !== watchId || order.wallet !== parsed.data.account) return refuse('unknown-order', 'No payment with that id');
  const settled = (await settlePayment(orderId, parsed.data.signature, deps)) ?? order;
  const status = paymentStatus(settled);
  if (status.status === 'pending') {
    return refuse('not-paid', 'Your payment is not on the chain yet. ORX finds it there by itself and e-mails you once it is confirmed.');
  }
  if (status.status !== 'paid' && status.status !== 'confirming') return refuse('not-open', status.message ?? 'This payment is no longer open.');
  const watch = await deps.watch(watchId);
  return {
    ok: true,
    action: {
      type: 'completed',
      icon: new URL(searchImages(watch?.image_urls ?? [])[0]!, deps.origin).href,
      title: `Paid: ${order.watch.brand} ${order.watch.model}`,
      description:
        'Your payment is received and the watch is yours. Your NFT certificate is minted to this wallet once the payment is final, ' +
        'and the confirmation goes to the e-mail address you gave.',
      label: 'Paid',
    },
  };
}
