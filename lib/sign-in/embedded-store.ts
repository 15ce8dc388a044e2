import 'server-only';
import type { PGlite } from '@electric-sql/pglite';
import { flagOf, type SignInNonceStore } from './store';

/** Sign-in nonces on the embedded database, through the migration's SQL functions. */
export function createEmbeddedSignInNonceStore(database: () => Promise<PGlite>): SignInNonceStore {
  return {
    issue: async (nonce, expiresAt, now) => {
      const { rows } = await (await database()).query<{ issued: boolean }>('select issued from public.issue_sign_in_nonce($1, $2, $3)', [nonce, expiresAt, now]);
      if (!flagOf(rows, 'issued')) throw new Error('The sign-in nonce was not stored');
    },
    consume: async (nonce, now) => {
      const { rows } = await (await database()).query<{ consumed: boolean }>('select consumed from public.consume_sign_in_nonce($1, $2)', [nonce, now]);
      return flagOf(rows, 'consumed');
    },
  };
}
