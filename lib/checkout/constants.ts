/** The simulated payment takes 3 s, the simulated mint 2 s. */
export const PAYMENT_DELAY_MS = 3000;
export const MINT_DELAY_MS = 2000;
/** The mint data (and so the stored order) values SOL at this fixed rate, not the live price. */
export const MINT_USD_PER_SOL = 180.25;
