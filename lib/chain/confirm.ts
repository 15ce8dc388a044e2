import type { Commitment, Connection } from '@solana/web3.js';

const POLL_INTERVAL_MS = 400;

/**
 * Waits until a transaction reaches `confirmed`, asking the node (no websocket: the shop opens
 * none, and some RPC providers and the test chain offer none). Throws when the transaction failed
 * or did not confirm in time.
 */
export async function waitForConfirmation(connection: Connection, signature: string, timeoutMs = 60_000, pollMs = POLL_INTERVAL_MS): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  const reached: Commitment[] = ['confirmed', 'finalized'];
  for (;;) {
    const { value } = await connection.getSignatureStatuses([signature]);
    const status = value[0];
    if (status?.err) throw new Error(`Transaction ${signature} failed: ${JSON.stringify(status.err)}`);
    if (status?.confirmationStatus && reached.includes(status.confirmationStatus)) return;
    if (Date.now() >= deadline) throw new Error(`Transaction ${signature} was not confirmed in ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
}
