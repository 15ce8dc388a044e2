/** EIP-1193's "user rejected the request", which Phantom, Solflare and others use for Solana too. */
const USER_REJECTED_CODE = 4001;
const REJECTION_WORDS = /reject|declin|cancel|denied/i;

type ErrorLike = { message?: unknown; code?: unknown; error?: unknown; cause?: unknown };

/**
 * Whether the buyer said no in the wallet. The wallet adapter wraps what the wallet threw
 * (WalletSendTransactionError, WalletSignTransactionError, with the original as `error`), so the
 * whole chain of causes is read.
 */
export function isWalletRejection(error: unknown): boolean {
  const seen = new Set<unknown>();
  for (let current = error; current && typeof current === 'object' && !seen.has(current); ) {
    seen.add(current);
    const { message, code, error: wrapped, cause } = current as ErrorLike;
    if (code === USER_REJECTED_CODE) return true;
    if (typeof message === 'string' && REJECTION_WORDS.test(message)) return true;
    current = wrapped ?? cause;
  }
  return false;
}
