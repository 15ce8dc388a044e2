import 'server-only';
import { unwrap, type SupabaseClients } from '@/lib/db/supabase';
import { finishArguments, toClaimedEvent, toOrderEvent } from './schema';
import type { OrderEventStore } from './store';

/** The order events outbox on Supabase; only the service role may read or write it (RLS). */
export function createSupabaseOrderEventStore({ writer }: SupabaseClients): OrderEventStore {
  const call = async (fn: string, args: Record<string, unknown>, doing: string) =>
    (unwrap(await writer.rpc(fn, args), doing) as unknown[] | null) ?? [];

  return {
    claim: async (owner, channels, limit, leaseSeconds) =>
      (
        await call(
          'claim_order_events',
          { p_owner: owner, p_channels: channels, p_limit: limit, p_lease_seconds: leaseSeconds },
          'claim order events',
        )
      ).map(toClaimedEvent),

    finish: async (id, owner, result, retrySeconds) =>
      (await call('finish_order_event', finishArguments(id, owner, result, retrySeconds), 'record a delivery')).length === 1,

    skip: async (channels) => (await call('skip_order_events', { p_channels: channels }, 'skip order events')).length,

    forOrder: async (orderId) =>
      (
        unwrap(
          await writer.from('order_events').select('*').eq('order_id', orderId).order('seq').retry(false),
          'load the order events',
        ) ?? []
      ).map(toOrderEvent),

    ordersWithFailures: async (orderIds) =>
      orderIds.length === 0
        ? []
        : (await call('orders_with_failed_events', { p_order_ids: orderIds }, 'find failed deliveries')).map(
            (row) => (row as { order_id: string }).order_id,
          ),

    resend: async (orderId, id) => {
      const rows = await call('resend_order_event', { p_id: id, p_order_id: orderId }, 'resend the event');
      return rows[0] ? toOrderEvent(rows[0]) : null;
    },
  };
}
