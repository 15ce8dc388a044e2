import 'server-only';
import { PublicKey } from '@solana/web3.js';
import { z } from '@/lib/zod';
import { optionalText, parseEnvironment, type Environment } from '@/lib/config';
import { DEFAULT_USDC_MINT, PAYMENT_CURRENCIES, type PaymentCurrency } from './currencies';

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
      /** PAYMENT_CURRENCIES: SOL always, USDC when it is listed. */
      currencies: PaymentCurrency[];
      /** USDC_MINT: the mint a USDC payment must be made in; null while USDC is off. */
      usdcMint: PublicKey | null;
    };

const paymentsSchema = z.object({
  MERCHANT_WALLET: optionalText.pipe(
    z
      .string()
      .refine((value) => isPublicKey(value), 'must be a base58 Solana address (32 bytes)')
      .optional(),
  ),
  CERTIFICATE_AUTHORITY_KEY: optionalText,
  PAYMENT_CURRENCIES: optionalText.pipe(
    z
      .string()
      .transform((list) => list.split(',').map((currency) => currency.trim().toUpperCase()))
      .refine(
        (list) => list.includes('SOL') && list.every((currency) => (PAYMENT_CURRENCIES as readonly string[]).includes(currency)) && new Set(list).size === list.length,
        'must be SOL or SOL,USDC',
      )
      .transform((list) => PAYMENT_CURRENCIES.filter((currency) => list.includes(currency)))
      .optional(),
  ),
  USDC_MINT: optionalText.pipe(z.string().refine((value) => isPublicKey(value), 'must be a base58 Solana address (32 bytes)').optional()),
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
  const currencies = vars.PAYMENT_CURRENCIES ?? ['SOL'];
  return {
    mode: 'solana',
    merchant: new PublicKey(vars.MERCHANT_WALLET),
    authorityKey: vars.CERTIFICATE_AUTHORITY_KEY,
    currencies,
    usdcMint: currencies.includes('USDC') ? new PublicKey(vars.USDC_MINT ?? DEFAULT_USDC_MINT) : null,
  };
}
