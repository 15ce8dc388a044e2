/** SPEC §9: USD shown = price_sol × rate, to 2 decimals. */
export function usdValue(priceSol: number, rate: number): number {
  return Math.round(priceSol * rate * 100) / 100;
}

/**
 * The formatters are made on first use, not when the module loads: the first Intl.NumberFormat
 * loads the locale's data (a task a phone notices), which at import time lands in the single
 * uninterruptible task that starts the page, and at first use in one of React's short render slices.
 */
let usd: Intl.NumberFormat | undefined;
let sol: Intl.NumberFormat | undefined;

/** "$41,843.93": the approximate USD value of a SOL price. */
export function formatUsd(priceSol: number, rate: number): string {
  usd ??= new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return usd.format(usdValue(priceSol, rate));
}

/** "232.14 SOL". */
export function formatSol(priceSol: number): string {
  sol ??= new Intl.NumberFormat('en-US', { minimumFractionDigits: 0, maximumFractionDigits: 9 });
  return `${sol.format(priceSol)} SOL`;
}

let eur: Intl.NumberFormat | undefined;

/** "€32,500.00": a catalogue EUR price (price_eur, SPEC §3). */
export function formatEur(priceEur: number): string {
  eur ??= new Intl.NumberFormat('en-US', { style: 'currency', currency: 'EUR', minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return eur.format(priceEur);
}
