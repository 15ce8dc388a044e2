import { unwrap, type SupabaseClients } from '@/lib/db/supabase';
import { LOGIN_LIMIT, type LoginThrottle } from './login-throttle';

/** The login throttle on Supabase: the migration's SQL functions, callable by the service role only. */
export function createSupabaseLoginThrottle({ writer }: SupabaseClients): LoginThrottle {
  return {
    attempt: async (key) => {
      const rows = unwrap(
        await writer.rpc('admin_login_attempt', {
          p_key: key,
          p_limit: LOGIN_LIMIT.failures,
          p_window_seconds: LOGIN_LIMIT.windowSeconds,
        }),
        'count the login attempt',
      ) as { blocked: boolean }[] | null;
      return { blocked: rows?.[0]?.blocked === true };
    },
    clear: async (key) => {
      unwrap(await writer.rpc('admin_login_clear', { p_key: key }), 'clear the login attempts');
    },
  };
}
