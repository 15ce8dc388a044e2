import 'server-only';
import { unwrap, type SupabaseClients } from '@/lib/db/supabase';
import { verdictOf, type ThrottleRow, type ThrottleStore } from './store';

/** The throttle on Supabase: the migration's SQL functions, callable by the service role only. */
export function createSupabaseThrottleStore({ writer }: SupabaseClients): ThrottleStore {
  return {
    take: async (buckets, policy, now) => {
      const rows = unwrap(
        await writer.rpc('throttle_take', {
          p_keys: buckets.map((bucket) => bucket.key),
          p_limits: buckets.map((bucket) => bucket.limit),
          p_window_seconds: policy.windowSeconds,
          p_base_delay_seconds: policy.baseDelaySeconds,
          p_max_delay_seconds: policy.maxDelaySeconds,
          p_now: now.toISOString(),
        }),
        'count the request',
      ) as ThrottleRow[] | null;
      return verdictOf(rows?.[0]);
    },
    clear: async (keys) => {
      unwrap(await writer.rpc('throttle_clear', { p_keys: keys }), 'clear the throttle');
    },
    giveBack: async (buckets) => {
      const args = { p_keys: buckets.map((bucket) => bucket.key), p_limits: buckets.map((bucket) => bucket.limit) };
      unwrap(await writer.rpc('throttle_give_back', args), 'give the hit back');
    },
  };
}
