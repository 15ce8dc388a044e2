import 'server-only';
import { Connection, type PublicKey } from '@solana/web3.js';
import { parseChainConfig } from '@/lib/config';
import { parsePaymentsConfig } from './config';

/**
 * The shop on chain, made once per server process from the run-time configuration: the
 * connection, the merchant, and CERTIFICATE_AUTHORITY_KEY as given (lib/certificate/runtime.ts
 * makes the minter from it). Null when MERCHANT_WALLET is unset (simulated purchases).
 */
export type ChainRuntime = {
  connection: Connection;
  merchant: PublicKey;
  authorityKey: string | undefined;
  /** The mint USDC payments are made in; null when the shop takes SOL only. */
  usdcMint: PublicKey | null;
};

/** How long one JSON-RPC call may take. */
const RPC_TIMEOUT_MS = 15_000;

export function chainRuntime(): ChainRuntime | null {
  const holder = globalThis as typeof globalThis & { __orxPayments?: ChainRuntime | null };
  if (holder.__orxPayments === undefined) holder.__orxPayments = createRuntime();
  return holder.__orxPayments;
}

function createRuntime(): ChainRuntime | null {
  const payments = parsePaymentsConfig(process.env);
  if (payments.mode === 'simulated') return null;
  // Confirmed is what the verifier accepts; the shop never subscribes, so no websocket is opened.
  // A node that does not answer fails the call in time: a request gets its 503, the worker's pass
  // moves on to the next order instead of waiting for ever.
  const connection = new Connection(parseChainConfig(process.env).rpcUrl, {
    commitment: 'confirmed',
    fetch: (input, init) => fetch(input, { ...init, signal: AbortSignal.timeout(RPC_TIMEOUT_MS) }),
  });
  return { connection, merchant: payments.merchant, authorityKey: payments.authorityKey, usdcMint: payments.usdcMint };
}
