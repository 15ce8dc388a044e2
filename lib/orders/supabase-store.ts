import { unwrap, type SupabaseClients } from '@/lib/db/supabase';
import { parseOrderInput, toOrder, toOrderRow } from './schema';
import type { OrderStore } from './store';

/** Orders on Supabase; only the service role may read or write them (RLS). */
export function createSupabaseOrderStore({ writer }: SupabaseClients): OrderStore {
  return {
    place: async (input) => {
      const row = toOrderRow(parseOrderInput(input));
      const inserted = unwrap(
        await writer.from('orders').upsert(row, { onConflict: 'tx_hash', ignoreDuplicates: true }).select(),
        'store the order',
      );
      if (inserted?.[0]) return { order: toOrder(inserted[0]), created: true };
      const existing = unwrap(
        await writer.from('orders').select('*').eq('tx_hash', row.tx_hash).single(),
        'load the order',
      );
      return { order: toOrder(existing), created: false };
    },

    findByTxHash: async (txHash) => {
      const row = unwrap(await writer.from('orders').select('*').eq('tx_hash', txHash).maybeSingle(), 'load the order');
      return row ? toOrder(row) : null;
    },

    list: async () =>
      (
        unwrap(
          await writer.from('orders').select('*').order('created_at', { ascending: false }).order('id'),
          'load the orders',
        ) ?? []
      ).map(toOrder),
  };
}
