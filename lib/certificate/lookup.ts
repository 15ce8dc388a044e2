import 'server-only';
import { PublicKey } from '@solana/web3.js';
import { takeClientLimit, type ClientLimit } from '@/lib/throttle/client-limit';
import { certificateRuntime } from './runtime';
import { createVerdictCache } from './verdict-cache';
import type { CertificateVerdict } from './verdict';
import { verifyCertificate } from './verify';
import { orderStore } from '@/lib/orders/server-store';
import { throttleStore } from '@/lib/throttle/server-store';

/**
 * One /verify lookup, as the page and GET /api/verify/{mint} both make it: the address checked
 * for shape first (nothing else is asked for a malformed one), the client's lookups counted (each
 * costs RPC calls), then the verdict, kept briefly.
 */
export type CertificateLookup =
  | { kind: 'malformed' }
  | { kind: 'limited'; retryAfterSeconds: number }
  /** No certificate authority is configured: this shop issues no certificates to check against. */
  | { kind: 'unconfigured' }
  /** The chain or the database could not be read: no verdict. */
  | { kind: 'unavailable' }
  | { kind: 'verdict'; verdict: CertificateVerdict };

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

export async function lookUpCertificate(rawMint: string, headers: Headers): Promise<CertificateLookup> {
  const mint = parseMintAddress(rawMint);
  if (!mint) return { kind: 'malformed' };
  const runtime = certificateRuntime();
  if (!runtime) return { kind: 'unconfigured' };
  const orders = orderStore();
  try {
    const retryAfterSeconds = await takeClientLimit(headers, throttleStore(), VERIFY_LIMIT);
    if (retryAfterSeconds !== null) return { kind: 'limited', retryAfterSeconds };
    const { connection, authority, group } = runtime;
    const verdict = await verdictCache().get(mint.toBase58(), () => verifyCertificate(mint, { chain: connection, orders, authority, group }));
    return { kind: 'verdict', verdict };
  } catch (error) {
    console.error('Verify: could not check a certificate', mint.toBase58(), error);
    return { kind: 'unavailable' };
  }
}
