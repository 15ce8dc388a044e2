import 'server-only';
import { unwrap, type SupabaseClients } from '@/lib/db/supabase';
import { moveArguments, searchArguments, toHistoryEntry } from './fulfilment-schema';
import { intentArguments, parseOrderInput, settlementArguments, toIntentOutcome, toOrder, toOrderRow, toStockCounts } from './schema';
import { TransactionAlreadyUsedError, UNIQUE_VIOLATION, type OrderStore } from './store';

/** Orders on Supabase; only the service role may read or write them (RLS). */
export function createSupabaseOrderStore({ writer }: SupabaseClients): OrderStore {
  const findByTxHash = async (txHash: string) => {
    const row = unwrap(await writer.from('orders').select('*').eq('tx_hash', txHash).maybeSingle().retry(false), 'load the order');
    return row ? toOrder(row) : null;
  };

  /** Calls one of the migration's functions; its rows as they come. */
  const callRows = async (fn: string, args: Record<string, unknown>, doing: string) =>
    (unwrap(await writer.rpc(fn, args), doing) as unknown[] | null) ?? [];
  /** Calls one of the migration's order functions; its row, if any. */
  const call = async (fn: string, args: Record<string, unknown>, doing: string) => {
    const rows = await callRows(fn, args, doing);
    return rows[0] ? toOrder(rows[0]) : null;
  };

  return {
    place: async (input, proof) => {
      const row = toOrderRow(parseOrderInput(input), proof?.walletSignedIn ?? false);
      const inserted = unwrap(
        await writer.from('orders').upsert(row, { onConflict: 'tx_hash', ignoreDuplicates: true }).select(),
        'store the order',
      );
      if (inserted?.[0]) return { order: toOrder(inserted[0]), created: true };
      return { order: (await findByTxHash(row.tx_hash))!, created: false };
    },

    findByTxHash,

    createIntent: async (input) =>
      toIntentOutcome((await callRows('create_payment_intent', intentArguments(input), 'store the payment intent'))[0]),

    get: async (id) => {
      const row = unwrap(await writer.from('orders').select('*').eq('id', id).maybeSingle().retry(false), 'load the order');
      return row ? toOrder(row) : null;
    },

    settle: async (id, settlement) => {
      const result = await writer.rpc('settle_order', settlementArguments(id, settlement));
      if (result.error?.code === UNIQUE_VIOLATION && settlement.txHash) throw new TransactionAlreadyUsedError(settlement.txHash);
      const rows = unwrap(result, 'settle the order') as unknown[] | null;
      return rows?.[0] ? toOrder(rows[0]) : null;
    },

    finalizePayment: (id, txHash) => call('finalize_payment', { p_id: id, p_tx_hash: txHash }, 'record the final payment'),

    dropPayment: (id, txHash) => call('drop_payment', { p_id: id, p_tx_hash: txHash }, 'record the dropped payment'),

    recordCertificate: (id, mint) => call('record_order_certificate', { p_id: id, p_mint: mint }, 'record the certificate'),

    recordCertificateFailure: (id, reason) =>
      call('record_certificate_failure', { p_id: id, p_reason: reason }, 'record the certificate failure'),

    claimDue: async (work, limit, leaseSeconds) =>
      (await callRows('claim_due_orders', { p_work: work, p_limit: limit, p_lease_seconds: leaseSeconds }, 'claim due orders')).map(
        toOrder,
      ),

    releaseClaim: async (id, delaySeconds) => {
      await callRows('release_order_claim', { p_id: id, p_delay_seconds: Math.round(delaySeconds) }, 'release the claim');
    },

    stockCounts: async (watchIds) =>
      toStockCounts(await callRows('watch_stock_counts', { p_watch_ids: watchIds }, 'count the stock')),

    list: async () =>
      (
        unwrap(
          await writer.from('orders').select('*').order('created_at', { ascending: false }).order('id').retry(false),
          'load the orders',
        ) ?? []
      ).map(toOrder),

    listByWallet: async (wallet) =>
      (
        unwrap(
          await writer.from('orders').select('*').eq('wallet', wallet).eq('wallet_proven', true).order('created_at', { ascending: false }).order('id').retry(false),
          'load the wallet\'s orders',
        ) ?? []
      ).map(toOrder),

    findByCertificateMint: async (mint) => {
      const row = unwrap(await writer.from('orders').select('*').eq('certificate_mint', mint).maybeSingle().retry(false), 'load the certificate\'s order');
      return row ? toOrder(row) : null;
    },

    search: async (query) =>
      ((unwrap(await writer.rpc('search_orders', searchArguments(query)), 'search the orders') as unknown[] | null) ?? []).map(
        toOrder,
      ),

    move: (id, move, actor) => call('move_order', moveArguments(id, move, actor), 'move the order'),

    history: async (id) =>
      (
        unwrap(
          await writer.from('order_history').select('*').eq('order_id', id).order('created_at').order('id').retry(false),
          'load the order history',
        ) ?? []
      ).map(toHistoryEntry),
  };
}
