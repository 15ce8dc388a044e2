import 'server-only';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { ACTOR_HEADER, encodedActor } from './audit-actor';
import { DataRefusedError, isDataRefusalCode, STEP_UP_SQLSTATE } from './refusal';

/**
 * The two Supabase clients the server uses: the anonymous one reads the public catalogue under
 * row-level security; the service-role one writes the catalogue and reads and writes orders. Both
 * stay on the server: no key reaches a browser.
 *
 * Every read the stores send as a GET is asked with `.retry(false)`. postgrest-js otherwise retries
 * a GET whose connection failed after 1, 2 and 4 s, and the shop has its own answer to a database
 * that cannot be reached: the page's error state, the document cache serving what it has, the
 * cache tags read again each second (lib/cache-tags/shared-tags.ts). Retried, a read begun during
 * an outage held the requests waiting on it for seconds after the database was back.
 */
export type SupabaseClients = { reader: SupabaseClient; writer: SupabaseClient };

export type SupabaseSettings = { url: string; anonKey: string; serviceRoleKey: string };

export function createSupabaseClients(settings: SupabaseSettings, fetchImpl: typeof fetch = fetch): SupabaseClients {
  const options = {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    global: { fetch: fetchNamingTheActor(fetchImpl) },
    // The shop subscribes to nothing, but supabase-js builds its realtime client anyway and Node 20
    // has no WebSocket of its own. (ws's typings differ from the DOM's only in overloads.)
    realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
  };
  return {
    reader: createClient(settings.url, settings.anonKey, options),
    writer: createClient(settings.url, settings.serviceRoleKey, options),
  };
}

/** Each call made inside an admin request names its actor, for the database's audit trail (lib/db/audit-actor.ts). */
function fetchNamingTheActor(fetchImpl: typeof fetch): typeof fetch {
  return (input, init) => {
    const actor = encodedActor();
    if (actor === undefined) return fetchImpl(input, init);
    const headers = new Headers(init?.headers ?? (input instanceof Request ? input.headers : undefined));
    headers.set(ACTOR_HEADER, actor);
    return fetchImpl(input, { ...init, headers });
  };
}

/**
 * supabase-js answers errors as values; the stores turn them into exceptions. The database
 * refusing the data (lib/db/refusal.ts) is told apart from an outage.
 */
export function unwrap<T>(result: { data: T; error: { message: string; code?: string } | null }, doing: string): T {
  if (result.error && (isDataRefusalCode(result.error.code) || result.error.code === STEP_UP_SQLSTATE)) {
    throw new DataRefusedError(result.error.code, `Supabase refused to ${doing}: ${result.error.message}`);
  }
  if (result.error) throw new Error(`Supabase could not ${doing}: ${result.error.message}`);
  return result.data;
}
