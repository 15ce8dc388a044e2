import 'server-only';
import type { Connection, PublicKey } from '@solana/web3.js';
import { chainRuntime } from '@/lib/chain/runtime';
import { certificateRuntime } from '@/lib/certificate/runtime';
import type { CertificateMinter } from '@/lib/certificate/certify';
import { readSolPrice } from '@/lib/price/server';

/**
 * What the payment routes and the worker need: the chain connection, the merchant, and the
 * certificate minter (null without CERTIFICATE_AUTHORITY_KEY). Null altogether when
 * MERCHANT_WALLET is unset (simulated purchases).
 */
export type PaymentsRuntime = {
  connection: Connection;
  merchant: PublicKey;
  mint: CertificateMinter | null;
  usdcMint: PublicKey | null;
};

export function paymentsRuntime(): PaymentsRuntime | null {
  const chain = chainRuntime();
  if (!chain) return null;
  return { connection: chain.connection, merchant: chain.merchant, mint: certificateRuntime()?.mint ?? null, usdcMint: chain.usdcMint };
}

/** The server's SOL/USD rate and when it was fetched (the price cache's snapshot). */
export const solRate = () => readSolPrice();
