import 'server-only';
import type { Connection, Keypair, Transaction } from '@solana/web3.js';
import { waitForConfirmation } from '@/lib/chain/confirm';

/** Signs with `signers` (the first pays the fee), sends, and waits for the chain to confirm it. */
export async function sendAndConfirm(connection: Connection, transaction: Transaction, signers: [Keypair, ...Keypair[]]): Promise<string> {
  const { blockhash } = await connection.getLatestBlockhash('confirmed');
  transaction.recentBlockhash = blockhash;
  transaction.feePayer = signers[0].publicKey;
  transaction.sign(...signers);
  const signature = await connection.sendRawTransaction(transaction.serialize(), { preflightCommitment: 'confirmed' });
  await waitForConfirmation(connection, signature);
  return signature;
}

/**
 * Sends a transaction that creates the account `signers[1]` names, paid by `signers[0]`. Creating
 * an account the chain already has fails; when another attempt (a retry, a second server) made
 * it first, that is success: the transaction is atomic, so the account exists whole.
 */
export async function sendSigned(connection: Connection, transaction: Transaction, [payer, created]: [Keypair, Keypair]): Promise<void> {
  try {
    await sendAndConfirm(connection, transaction, [payer, created]);
  } catch (error) {
    if (await connection.getAccountInfo(created.publicKey, 'confirmed')) return;
    throw error;
  }
}
