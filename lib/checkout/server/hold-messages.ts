import 'server-only';

/**
 * What a buyer is told when the server refuses to hold a watch for want of the rules of issue 47
 * (funds, one window per watch, bounded holds per client, a fresh USDC rate). Times in UTC: the
 * answer's JSON carries them for clients that show their own clock.
 */

const utcTime = (at: Date) => `${at.toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit', hour12: false, timeZone: 'UTC' })} UTC`;

/** The wallet's hold window on this watch ended unpaid: when it can hold the watch again. */
export function holdAgainMessage(holdAgainAt: Date): string {
  return `Your hold on this watch ended without a payment. So that other buyers get their turn, this wallet can hold it again from ${utcTime(holdAgainAt)}. Nothing was held.`;
}

/** The client's address (or its network) holds as many watches as it may: nothing was held. */
export function holdBoundMessage(scope: 'address' | 'network', bound: number, retryAt: Date): string {
  const where = scope === 'address' ? 'your connection' : 'your network';
  return `${bound} watches are held from ${where} already, the most at one time. Nothing was held: pay for or cancel one of them, or try again after ${utcTime(retryAt)}.`;
}

/** No SOL/USD rate recent enough to price USDC: SOL still works. */
export function staleUsdcRateMessage(maxAgeMs: number): string {
  const minutes = Math.max(1, Math.round(maxAgeMs / 60_000));
  return `USDC cannot be priced right now: the SOL/USD rate has not been updated in the last ${minutes} minute${minutes === 1 ? '' : 's'}. Nothing was held. Pay with SOL, or try USDC again later.`;
}
