import 'server-only';
import { PublicKey } from '@solana/web3.js';
import { refuse, type Refusal } from '@/lib/result';
import { takeClientLimit, type ClientLimit } from '@/lib/throttle/client-limit';
import { orderStore } from '@/lib/orders/server-store';
import { throttleStore } from '@/lib/throttle/server-store';
import { certificateRecordStore } from './server-records';
import { certificateRuntime, passportUrl, type CertificateRuntime } from './runtime';
import { createVerdictCache } from './verdict-cache';
import type { CertificateVerdict } from './verdict';
import { currentHolder, verifyCertificate } from './verify';

/**
 * One /verify lookup, as the page and GET /api/verify/{mint} both make it: the address checked
 * for shape first (nothing else is asked for a malformed one), the client's lookups counted (each
 * costs RPC calls), then the verdict, kept briefly.
 */
export type CertificateLookup =
  | { ok: true; verdict: CertificateVerdict }
  | (Refusal<'limited'> & { retryAfterSeconds: number })
  /**
   * `unconfigured`: no certificate authority is configured, so this shop issues no certificates to
   * check against; `unavailable`: the chain or the database could not be read, so no verdict.
   */
  | Refusal<'malformed' | 'unconfigured' | 'unavailable'>;

/** What the page and the API say when there is no verdict. */
export const VERIFY_MESSAGES = {
  malformed: 'That is not a Solana address: a certificate’s mint address is 32 to 44 base58 characters.',
  limited: 'Too many verifications from your connection. Please try again in a moment.',
  unconfigured: 'This shop issues no certificates (no certificate authority is configured).',
  unavailable: 'The certificate cannot be checked right now: the Solana network could not be read. Please try again.',
} as const;

const refused = (reason: Exclude<keyof typeof VERIFY_MESSAGES, 'limited'>) => refuse(reason, VERIFY_MESSAGES[reason]);

export const VERIFY_LIMIT: ClientLimit = {
  purpose: 'verify-client',
  perClient: 60,
  policy: { windowSeconds: 10 * 60, baseDelaySeconds: 30, maxDelaySeconds: 10 * 60 },
};

const BASE58_ADDRESS = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/;

/** A base58 public key of 32 bytes, written canonically; null for anything else. */
export function parseMintAddress(raw: string): PublicKey | null {
  if (!BASE58_ADDRESS.test(raw)) return null;
  try {
    const key = new PublicKey(raw);
    return key.toBase58() === raw ? key : null;
  } catch {
    return null;
  }
}

function verdictCache() {
  const holder = globalThis as typeof globalThis & { __orxVerdicts?: ReturnType<typeof createVerdictCache> };
  return (holder.__orxVerdicts ??= createVerdictCache());
}

/**
 * The verdict read now, never from the cache: what a holder's signed request, and staff, act on.
 * Forgets the kept one, so the next page shows what this request is about to change.
 */
export function freshVerdict(mint: PublicKey, runtime: CertificateRuntime): Promise<CertificateVerdict> {
  verdictCache().forget(mint.toBase58());
  return verifyCertificate(mint, verifyDependencies(runtime));
}

/**
 * Who holds a genuine certificate now, read from the chain (never the cache), with its order; null
 * for a mint that is not one. What a holder's signed request acts on: no custody or records read.
 * Forgets the kept verdict, as the request is about to change what it shows.
 */
export function freshHolder(mint: PublicKey, { connection, authority, group }: CertificateRuntime) {
  verdictCache().forget(mint.toBase58());
  return currentHolder(mint, { chain: connection, orders: orderStore(), authority, group });
}

/** A change this process made to a certificate's records shows on its next lookup. */
export function forgetVerdict(mint: string): void {
  verdictCache().forget(mint);
}

function verifyDependencies({ connection, authority, group }: CertificateRuntime) {
  return { chain: connection, orders: orderStore(), records: certificateRecordStore(), authority, group, passportUrl };
}

export async function lookUpCertificate(rawMint: string, headers: Headers): Promise<CertificateLookup> {
  const mint = parseMintAddress(rawMint);
  if (!mint) return refused('malformed');
  const runtime = certificateRuntime();
  if (!runtime) return refused('unconfigured');
  try {
    const retryAfterSeconds = await takeClientLimit(headers, throttleStore(), VERIFY_LIMIT);
    if (retryAfterSeconds !== null) return { ...refuse('limited', VERIFY_MESSAGES.limited), retryAfterSeconds };
    const verdict = await verdictCache().get(mint.toBase58(), () => verifyCertificate(mint, verifyDependencies(runtime)));
    return { ok: true, verdict };
  } catch (error) {
    console.error('Verify: could not check a certificate', mint.toBase58(), error);
    return refused('unavailable');
  }
}
