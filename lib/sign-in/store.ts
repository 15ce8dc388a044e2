import 'server-only';

/**
 * The single-use nonces of Sign-In With Solana, kept in the database so every server instance
 * knows them (supabase/migrations/20261124130000_wallet_sign_in.sql).
 */
export interface SignInNonceStore {
  /** Stores a fresh nonce, valid until expiresAt. */
  issue(nonce: string, expiresAt: Date, now: Date): Promise<void>;
  /** Uses the nonce up: true only once, and only before it expired. */
  consume(nonce: string, now: Date): Promise<boolean>;
}

type Row = { issued?: boolean; consumed?: boolean };

export function flagOf(rows: Row[] | null | undefined, flag: keyof Row): boolean {
  const row = rows?.[0];
  if (!row) throw new Error('The sign-in nonce function answered no row');
  return row[flag] === true;
}
