import 'server-only';
import { unwrap, type SupabaseClients } from '@/lib/db/supabase';
import { refundArguments } from './arguments';
import { toOpenOutcome, toRefund, toSentOutcome } from './schema';
import type { RefundStore } from './store';

/** Refunds on Supabase; only the service role may read or write them (RLS). */
export function createSupabaseRefundStore({ writer }: SupabaseClients): RefundStore {
  const call = async (fn: string, args: Record<string, unknown>, doing: string) => unwrap(await writer.rpc(fn, args), doing);
  const rows = async (fn: string, args: Record<string, unknown>, doing: string) =>
    (((await call(fn, args, doing)) as unknown[] | null) ?? []).map(toRefund);
  const first = async (fn: string, args: Record<string, unknown>, doing: string) => (await rows(fn, args, doing))[0] ?? null;

  return {
    open: async (refund) => toOpenOutcome(await call('open_refund', refundArguments(refund), 'open the refund')),
    recordSent: async (id, signature, sentAt) =>
      toSentOutcome(await call('record_refund_sent', { p_id: id, p_signature: signature, p_sent_at: sentAt.toISOString() }, 'record the refund')),
    cancel: (orderId, id) => first('cancel_refund', { p_id: id, p_order_id: orderId }, 'cancel the refund'),
    expire: (id) => first('expire_refund', { p_id: id }, 'expire the refund'),
    claimDue: (limit, leaseSeconds) => rows('claim_due_refunds', { p_limit: limit, p_lease_seconds: leaseSeconds }, 'claim due refunds'),
    releaseClaim: async (id, delaySeconds, failure) => {
      await call('release_refund_claim', { p_id: id, p_delay_seconds: Math.round(delaySeconds), p_failure: failure }, 'release the refund');
    },
    get: async (id) => {
      const row = unwrap(await writer.from('refunds').select('*').eq('id', id).maybeSingle().retry(false), 'load the refund');
      return row ? toRefund(row) : null;
    },
    forOrders: async (orderIds) => (orderIds.length === 0 ? [] : rows('refunds_of', { p_order_ids: orderIds }, 'load the refunds')),
  };
}
