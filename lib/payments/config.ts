import 'server-only';
import { PublicKey } from '@solana/web3.js';
import { z } from '@/lib/zod';
import { optionalText, parseEnvironment, type Environment } from '@/lib/config';
import type { WalletConfigResponse } from './api';

/**
 * The chain and the payment mode, read at run time so one build serves Devnet, a local chain or
 * any other cluster. MERCHANT_WALLET unset keeps the spec's simulated purchase.
 */

export const DEFAULT_SOLANA_RPC_URL = 'https://api.devnet.solana.com';

export type Cluster = WalletConfigResponse['cluster'];
export type ChainConfig = { rpcUrl: string; cluster: Cluster };

export type PaymentsConfig =
  | { mode: 'simulated' }
  | {
      mode: 'solana';
      merchant: PublicKey;
      /** CERTIFICATE_AUTHORITY_KEY as given (parsed where certificates are minted); unset: certificates stay pending. */
      authorityKey: string | undefined;
    };

const httpUrl = z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' });

const chainSchema = z.object({
  SOLANA_RPC_URL: optionalText.pipe(httpUrl.optional()),
  // The name the first release used, baked in at build time; still honoured when the new one is unset.
  NEXT_PUBLIC_SOLANA_RPC_URL: optionalText.pipe(httpUrl.optional()),
});

const paymentsSchema = z.object({
  MERCHANT_WALLET: optionalText.pipe(
    z
      .string()
      .refine((value) => isPublicKey(value), 'must be a base58 Solana address (32 bytes)')
      .optional(),
  ),
  CERTIFICATE_AUTHORITY_KEY: optionalText,
});

function isPublicKey(value: string): boolean {
  try {
    return new PublicKey(value).toBase58() === value;
  } catch {
    return false;
  }
}

export function parseChainConfig(env: Environment = process.env): ChainConfig {
  const vars = parseEnvironment(chainSchema, env);
  const rpcUrl = vars.SOLANA_RPC_URL ?? vars.NEXT_PUBLIC_SOLANA_RPC_URL ?? DEFAULT_SOLANA_RPC_URL;
  return { rpcUrl, cluster: clusterOf(rpcUrl) };
}

/** The explorers' name for the cluster an RPC endpoint serves; 'custom' for anything else (a local chain). */
export function clusterOf(rpcUrl: string): Cluster {
  const host = new URL(rpcUrl).hostname;
  if (host.includes('devnet')) return 'devnet';
  if (host.includes('testnet')) return 'testnet';
  if (host.includes('mainnet')) return 'mainnet-beta';
  return 'custom';
}

export function parsePaymentsConfig(env: Environment = process.env): PaymentsConfig {
  const vars = parseEnvironment(paymentsSchema, env);
  if (!vars.MERCHANT_WALLET) return { mode: 'simulated' };
  return { mode: 'solana', merchant: new PublicKey(vars.MERCHANT_WALLET), authorityKey: vars.CERTIFICATE_AUTHORITY_KEY };
}
