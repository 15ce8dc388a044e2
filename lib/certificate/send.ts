import 'server-only';
import type { Connection, Keypair, Transaction } from '@solana/web3.js';
import { waitForConfirmation } from '@/lib/chain/confirm';

/**
 * Sends a transaction that creates the account `signers[1]` names, paid by `signers[0]`. Creating
 * an account the chain already has fails; when another attempt (a retry, a second server) made
 * it first, that is success: the transaction is atomic, so the account exists whole.
 */
export async function sendSigned(connection: Connection, transaction: Transaction, [payer, created]: [Keypair, Keypair]): Promise<void> {
  const { blockhash } = await connection.getLatestBlockhash('confirmed');
  transaction.recentBlockhash = blockhash;
  transaction.feePayer = payer.publicKey;
  transaction.sign(payer, created);
  try {
    const signature = await connection.sendRawTransaction(transaction.serialize(), { preflightCommitment: 'confirmed' });
    await waitForConfirmation(connection, signature);
  } catch (error) {
    if (await connection.getAccountInfo(created.publicKey, 'confirmed')) return;
    throw error;
  }
}
