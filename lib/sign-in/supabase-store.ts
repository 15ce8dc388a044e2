import 'server-only';
import { unwrap, type SupabaseClients } from '@/lib/db/supabase';
import { flagOf, type SignInNonceStore } from './store';

/** Sign-in nonces on Supabase: the migration's SQL functions, callable by the service role only. */
export function createSupabaseSignInNonceStore({ writer }: SupabaseClients): SignInNonceStore {
  return {
    issue: async (nonce, expiresAt, now) => {
      const rows = unwrap(
        await writer.rpc('issue_sign_in_nonce', { p_nonce: nonce, p_expires_at: expiresAt.toISOString(), p_now: now.toISOString() }),
        'store the sign-in nonce',
      ) as { issued: boolean }[] | null;
      if (!flagOf(rows, 'issued')) throw new Error('The sign-in nonce was not stored');
    },
    consume: async (nonce, now) =>
      flagOf(
        unwrap(await writer.rpc('consume_sign_in_nonce', { p_nonce: nonce, p_now: now.toISOString() }), 'use the sign-in nonce') as
          | { consumed: boolean }[]
          | null,
        'consumed',
      ),
  };
}
