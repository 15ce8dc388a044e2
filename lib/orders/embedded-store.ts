import type { PGlite } from '@electric-sql/pglite';
import { parseOrderInput, toOrder, toOrderRow } from './schema';
import type { OrderStore } from './store';

/** Orders on the embedded database. */
export function createEmbeddedOrderStore(database: () => Promise<PGlite>): OrderStore {
  return {
    place: async (input) => {
      const row = toOrderRow(parseOrderInput(input));
      const db = await database();
      const columns = Object.keys(row);
      const inserted = await db.query(
        `insert into public.orders (${columns.join(', ')})
         values (${columns.map((_, index) => `$${index + 1}`).join(', ')})
         on conflict (tx_hash) do nothing
         returning *`,
        Object.values(row),
      );
      if (inserted.rows[0]) return { order: toOrder(inserted.rows[0]), created: true };
      const existing = await db.query('select * from public.orders where tx_hash = $1', [row.tx_hash]);
      return { order: toOrder(existing.rows[0]), created: false };
    },

    findByTxHash: async (txHash) => {
      const { rows } = await (await database()).query('select * from public.orders where tx_hash = $1', [txHash]);
      return rows[0] ? toOrder(rows[0]) : null;
    },

    list: async () =>
      (await (await database()).query('select * from public.orders order by created_at desc, id')).rows.map(toOrder),
  };
}
