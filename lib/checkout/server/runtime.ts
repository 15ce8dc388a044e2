import 'server-only';
import { Connection, PublicKey } from '@solana/web3.js';
import { siteUrl } from '@/lib/config';
import { readSolPrice } from '@/lib/price/server';
import { parseAuthorityKey } from '@/lib/certificate/authority';
import { certificateGroupKeypair } from '@/lib/certificate/group';
import { createCertificateMinter } from '@/lib/certificate/mint';
import type { CertificateMinter } from '@/lib/certificate/certify';
import { parseChainConfig } from '@/lib/config';
import { parsePaymentsConfig } from './config';

/**
 * What the payment routes need, made once per server process from the run-time configuration:
 * the chain connection, the merchant, and the certificate minter (null without
 * CERTIFICATE_AUTHORITY_KEY). Null altogether when MERCHANT_WALLET is unset (simulated purchases).
 */
export type PaymentsRuntime = {
  connection: Connection;
  merchant: PublicKey;
  mint: CertificateMinter | null;
  /** The certificate authority and its collection, which /verify checks against; null like `mint`. */
  certificates: { authority: PublicKey; group: PublicKey } | null;
};

/** How long one JSON-RPC call may take. */
const RPC_TIMEOUT_MS = 15_000;

export function paymentsRuntime(): PaymentsRuntime | null {
  const holder = globalThis as typeof globalThis & { __orxPayments?: PaymentsRuntime | null };
  if (holder.__orxPayments === undefined) holder.__orxPayments = createRuntime();
  return holder.__orxPayments;
}

function createRuntime(): PaymentsRuntime | null {
  const payments = parsePaymentsConfig(process.env);
  if (payments.mode === 'simulated') return null;
  // Confirmed is what the verifier accepts; the shop never subscribes, so no websocket is opened.
  // A node that does not answer fails the call in time: a request gets its 503, the worker's pass
  // moves on to the next order instead of waiting for ever.
  const connection = new Connection(parseChainConfig(process.env).rpcUrl, {
    commitment: 'confirmed',
    fetch: (input, init) => fetch(input, { ...init, signal: AbortSignal.timeout(RPC_TIMEOUT_MS) }),
  });
  const authority = payments.authorityKey === undefined ? null : parseAuthorityKey(payments.authorityKey);
  return {
    connection,
    merchant: payments.merchant,
    mint: authority && createCertificateMinter(connection, authority),
    certificates: authority && { authority: authority.publicKey, group: certificateGroupKeypair(authority).publicKey },
  };
}

export const usdPerSol = async () => (await readSolPrice()).price;

export function certificateUri(orderId: string): string {
  return new URL(`/api/certificates/${orderId}`, siteUrl()).toString();
}
