/** SPEC §9: USD shown = price_sol × rate, to 2 decimals. */
export function usdValue(priceSol: number, rate: number): number {
  return Math.round(priceSol * rate * 100) / 100;
}

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 });
const sol = new Intl.NumberFormat('en-US', { minimumFractionDigits: 0, maximumFractionDigits: 9 });

/** "$41,843.93": the approximate USD value of a SOL price. */
export function formatUsd(priceSol: number, rate: number): string {
  return usd.format(usdValue(priceSol, rate));
}

/** "232.14 SOL". */
export function formatSol(priceSol: number): string {
  return `${sol.format(priceSol)} SOL`;
}
