import 'server-only';
import type { CallFunction } from '@/lib/db/functions';

/** The buyers' wallet sessions in the database (supabase/migrations/20261126001000_staff_accounts.sql). */
export interface WalletSessionStore {
  start(id: string, wallet: string, now: Date, expiresAt: Date): Promise<void>;
  walletOf(id: string, now: Date): Promise<string | null>;
  end(id: string): Promise<void>;
}

export function createWalletSessionStore(call: CallFunction): WalletSessionStore {
  return {
    start: async (id, wallet, now, expiresAt) => {
      const [row] = (await call('start_wallet_session', { p_id: id, p_wallet: wallet, p_now: now.toISOString(), p_expires_at: expiresAt.toISOString() })) as {
        started?: boolean;
      }[];
      if (row?.started !== true) throw new Error('The wallet session was not stored');
    },
    walletOf: async (id, now) => {
      const [row] = (await call('wallet_of_session', { p_id: id, p_now: now.toISOString() })) as { wallet?: string }[];
      return row?.wallet ?? null;
    },
    end: async (id) => {
      await call('end_wallet_session', { p_id: id });
    },
  };
}
