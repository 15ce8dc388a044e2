import { decimalToUnits, unitsToDecimal } from './currencies';

/**
 * SOL amounts as integer lamports (SPEC §9: 1 SOL = 1e9 lamports). Payments are checked to the
 * lamport, so amounts are never carried as floating-point SOL once they leave the catalogue.
 */
export const LAMPORTS_PER_SOL = 1_000_000_000n;
const SOL_DECIMALS = 9;

/**
 * The catalogue's price (numeric(18,9) in SQL, a JS number here) in lamports. The number is
 * printed with nine decimals and read back digit by digit, so no binary fraction leaks in:
 * 0.1 SOL is 100000000 lamports, not 100000000.00000001.
 */
export function solToLamports(sol: number): bigint {
  if (!Number.isFinite(sol) || sol < 0) throw new RangeError(`Not a SOL amount: ${sol}`);
  return decimalToUnits(sol.toFixed(SOL_DECIMALS), SOL_DECIMALS);
}

/** Lamports as the shortest decimal SOL string, as Solana Pay's `amount` wants it ("12.5"). */
export function lamportsToDecimalSol(lamports: bigint): string {
  return unitsToDecimal(lamports, SOL_DECIMALS);
}
