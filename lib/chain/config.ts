import 'server-only';
import { PublicKey } from '@solana/web3.js';
import { z } from '@/lib/zod';
import { optionalText, parseEnvironment, type Environment } from '@/lib/config';

/**
 * The payment mode, read at run time (the chain it runs on: parseChainConfig in lib/config.ts).
 * MERCHANT_WALLET unset keeps the spec's simulated purchase.
 */

export type PaymentsConfig =
  | { mode: 'simulated' }
  | {
      mode: 'solana';
      merchant: PublicKey;
      /** CERTIFICATE_AUTHORITY_KEY as given (parsed where certificates are minted); unset: certificates stay pending. */
      authorityKey: string | undefined;
    };

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

export function parsePaymentsConfig(env: Environment = process.env): PaymentsConfig {
  const vars = parseEnvironment(paymentsSchema, env);
  if (!vars.MERCHANT_WALLET) return { mode: 'simulated' };
  return { mode: 'solana', merchant: new PublicKey(vars.MERCHANT_WALLET), authorityKey: vars.CERTIFICATE_AUTHORITY_KEY };
}
