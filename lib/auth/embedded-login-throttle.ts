import type { PGlite } from '@electric-sql/pglite';
import { LOGIN_LIMIT, type LoginThrottle } from './login-throttle';

/** The login throttle on the embedded database, through the migration's SQL functions. */
export function createEmbeddedLoginThrottle(database: () => Promise<PGlite>): LoginThrottle {
  return {
    attempt: async (key) => {
      const { rows } = await (await database()).query<{ blocked: boolean }>(
        'select blocked from public.admin_login_attempt($1, $2, $3)',
        [key, LOGIN_LIMIT.failures, LOGIN_LIMIT.windowSeconds],
      );
      return { blocked: rows[0]?.blocked === true };
    },
    clear: async (key) => {
      await (await database()).query('select * from public.admin_login_clear($1)', [key]);
    },
  };
}
