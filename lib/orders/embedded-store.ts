import 'server-only';
import type { PGlite } from '@electric-sql/pglite';
import { moveArguments, searchArguments, toHistoryEntry } from './fulfilment-schema';
import { intentArguments, parseOrderInput, settlementArguments, toIntentOutcome, toOrder, toOrderRow, toStockCounts } from './schema';
import { TransactionAlreadyUsedError, UNIQUE_VIOLATION, type OrderStore } from './store';

/** Orders on the embedded database. */
export function createEmbeddedOrderStore(database: () => Promise<PGlite>): OrderStore {
  const insert = async (row: Record<string, unknown>, onConflict: string) => {
    const columns = Object.keys(row);
    const { rows } = await (await database()).query(
      `insert into public.orders (${columns.join(', ')})
       values (${columns.map((_, index) => `$${index + 1}`).join(', ')})
       ${onConflict}
       returning *`,
      Object.values(row),
    );
    return rows[0] ? toOrder(rows[0]) : null;
  };

  /** Calls one of the migration's functions with named arguments; its rows as they come. */
  const callRows = async (fn: string, args: Record<string, unknown>) => {
    const names = Object.keys(args);
    const { rows } = await (await database()).query(
      `select * from public.${fn}(${names.map((name, index) => `${name} => $${index + 1}`).join(', ')})`,
      Object.values(args),
    );
    return rows;
  };
  const callAll = async (fn: string, args: Record<string, unknown>) => (await callRows(fn, args)).map(toOrder);
  const call = async (fn: string, args: Record<string, unknown>) => (await callAll(fn, args))[0] ?? null;

  const findByTxHash = async (txHash: string) => {
    const { rows } = await (await database()).query('select * from public.orders where tx_hash = $1', [txHash]);
    return rows[0] ? toOrder(rows[0]) : null;
  };

  return {
    place: async (input, proof) => {
      const row = toOrderRow(parseOrderInput(input), proof?.walletSignedIn ?? false);
      const order = await insert(row, 'on conflict (tx_hash) do nothing');
      if (order) return { order, created: true };
      return { order: (await findByTxHash(row.tx_hash))!, created: false };
    },

    findByTxHash,

    createIntent: async (input) => toIntentOutcome((await callRows('create_payment_intent', intentArguments(input)))[0]),

    get: async (id) => {
      const { rows } = await (await database()).query('select * from public.orders where id = $1', [id]);
      return rows[0] ? toOrder(rows[0]) : null;
    },

    settle: async (id, settlement) => {
      try {
        return await call('settle_order', settlementArguments(id, settlement));
      } catch (error) {
        if ((error as { code?: string }).code === UNIQUE_VIOLATION && settlement.txHash) {
          throw new TransactionAlreadyUsedError(settlement.txHash);
        }
        throw error;
      }
    },

    finalizePayment: (id, txHash) => call('finalize_payment', { p_id: id, p_tx_hash: txHash }),

    dropPayment: (id, txHash) => call('drop_payment', { p_id: id, p_tx_hash: txHash }),

    recordCertificate: (id, mint) => call('record_order_certificate', { p_id: id, p_mint: mint }),

    recordCertificateFailure: (id, reason) => call('record_certificate_failure', { p_id: id, p_reason: reason }),

    claimDue: (work, limit, leaseSeconds) =>
      callAll('claim_due_orders', { p_work: work, p_limit: limit, p_lease_seconds: leaseSeconds }),

    releaseClaim: async (id, delaySeconds) => {
      await callRows('release_order_claim', { p_id: id, p_delay_seconds: Math.round(delaySeconds) });
    },

    stockCounts: async (watchIds) => toStockCounts(await callRows('watch_stock_counts', { p_watch_ids: watchIds })),

    list: async () =>
      (await (await database()).query('select * from public.orders order by created_at desc, id')).rows.map(toOrder),

    listByWallet: async (wallet) =>
      (await (await database()).query('select * from public.orders where wallet = $1 and wallet_proven order by created_at desc, id', [wallet])).rows.map(toOrder),

    findByCertificateMint: async (mint) => {
      const { rows } = await (await database()).query('select * from public.orders where certificate_mint = $1', [mint]);
      return rows[0] ? toOrder(rows[0]) : null;
    },

    search: (query) => callAll('search_orders', searchArguments(query)),

    move: (id, move, actor) => call('move_order', moveArguments(id, move, actor)),

    history: async (id) =>
      (
        await (await database()).query('select * from public.order_history where order_id = $1 order by created_at, id', [id])
      ).rows.map(toHistoryEntry),
  };
}
