import 'server-only';
import type { PGlite } from '@electric-sql/pglite';
import { finishArguments, toClaimedEvent, toOrderEvent } from './schema';
import type { OrderEventStore } from './store';

/** The order events outbox on the embedded database. */
export function createEmbeddedOrderEventStore(database: () => Promise<PGlite>): OrderEventStore {
  /** Calls one of the migration's functions with named arguments; its rows. */
  const call = async (fn: string, args: Record<string, unknown>) => {
    const names = Object.keys(args);
    const { rows } = await (await database()).query(
      `select * from public.${fn}(${names.map((name, index) => `${name} => $${index + 1}`).join(', ')})`,
      Object.values(args),
    );
    return rows;
  };

  return {
    claim: async (owner, channels, limit, leaseSeconds) =>
      (
        await call('claim_order_events', { p_owner: owner, p_channels: channels, p_limit: limit, p_lease_seconds: leaseSeconds })
      ).map(toClaimedEvent),

    finish: async (id, owner, result, retrySeconds) =>
      (await call('finish_order_event', finishArguments(id, owner, result, retrySeconds))).length === 1,

    skip: async (channels) => (await call('skip_order_events', { p_channels: channels })).length,

    forOrder: async (orderId) =>
      (
        await (await database()).query('select * from public.order_events where order_id = $1 order by seq', [orderId])
      ).rows.map(toOrderEvent),

    ordersWithFailures: async (orderIds) =>
      orderIds.length === 0
        ? []
        : (await call('orders_with_failed_events', { p_order_ids: orderIds })).map((row) => (row as { order_id: string }).order_id),

    resend: async (orderId, id) => {
      const rows = await call('resend_order_event', { p_id: id, p_order_id: orderId });
      return rows[0] ? toOrderEvent(rows[0]) : null;
    },
  };
}
