/**
 * What a buyer can pay in: SOL, as SPEC says, and USDC when the shop takes it
 * (PAYMENT_CURRENCIES, lib/chain/config.ts).
 */
export const PAYMENT_CURRENCIES = ['SOL', 'USDC'] as const;
export type PaymentCurrency = (typeof PAYMENT_CURRENCIES)[number];

/** USDC's base units: a millionth of a dollar (the mint's 6 decimals). */
export const USDC_DECIMALS = 6;

/** Devnet's USDC, Circle's test mint. */
export const DEFAULT_USDC_MINT = '4zMMC9srt5Ri5X14GAgXhaHii3GnPAEERYPJgZJDncDU';

/** A USD amount, to the cent, in USDC's base units. */
export function usdToUsdcUnits(usd: number): bigint {
  return BigInt(Math.round(usd * 100)) * 10n ** BigInt(USDC_DECIMALS - 2);
}

/** A decimal string ("4442.09") in base units at `decimals`; throws on anything else. */
export function decimalToUnits(text: string, decimals: number): bigint {
  const match = new RegExp(`^(\\d+)(?:\\.(\\d{1,${decimals}}))?$`).exec(text);
  if (!match) throw new RangeError(`Not a decimal amount of ${decimals} places: ${text}`);
  return BigInt(match[1]!) * 10n ** BigInt(decimals) + BigInt((match[2] ?? '').padEnd(decimals, '0'));
}

/** Base units as a decimal string without trailing zeros ("12.5" for 12_500_000 at 6 decimals). */
export function unitsToDecimal(units: bigint, decimals: number): string {
  const scale = 10n ** BigInt(decimals);
  const whole = units / scale;
  const fraction = (units % scale).toString().padStart(decimals, '0').replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : whole.toString();
}
