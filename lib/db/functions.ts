import 'server-only';
import type { PGlite } from '@electric-sql/pglite';
import { unwrap, type SupabaseClients } from './supabase';

/**
 * Calls one of the migrations' SQL functions with named arguments and answers its rows: the same
 * call on either backend, so a store made only of such calls is written once.
 */
export type CallFunction = (fn: string, args: Record<string, unknown>) => Promise<unknown[]>;

export function embeddedFunctions(database: () => Promise<PGlite>): CallFunction {
  return async (fn, args) => {
    const names = Object.keys(args);
    const { rows } = await (await database()).query(
      `select * from public.${fn}(${names.map((name, index) => `${name} => $${index + 1}`).join(', ')})`,
      Object.values(args),
    );
    return rows;
  };
}

/** Through the service role: the functions are granted to it alone. */
export function supabaseFunctions({ writer }: SupabaseClients): CallFunction {
  return async (fn, args) => (unwrap(await writer.rpc(fn, args), `call ${fn}`) as unknown[] | null) ?? [];
}
