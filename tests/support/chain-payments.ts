import {
  Keypair,
  SystemProgram,
  Transaction,
  TransactionMessage,
  VersionedTransaction,
  type Connection,
  TransactionInstruction,
  type PublicKey,
} from '@solana/web3.js';
import { waitForConfirmation } from '@/lib/chain/confirm';
import { MEMO_PROGRAM_ID, paymentInstructions } from '@/lib/checkout/transfer';

/**
 * Real payments on the local chain (tests/support/local-chain.ts), as wallets make them: legacy
 * or v0 transactions, with whatever the wallet adds around the transfer.
 */

export type PaymentShape = {
  payer: Keypair;
  recipient: PublicKey;
  lamports: bigint;
  /** Omitted: a transfer without the Solana Pay reference. */
  reference?: PublicKey;
  version?: 'legacy' | 0;
  /** Instructions the wallet adds after the payment (fees, tips, its own memo…). */
  after?: TransactionInstruction[];
  /** Send without the node's preflight check, so a failing transaction still lands on chain. */
  skipPreflight?: boolean;
};

export async function sendPayment(connection: Connection, shape: PaymentShape): Promise<string> {
  const { payer, recipient, lamports, reference } = shape;
  const instructions = reference
    ? paymentInstructions({ payer: payer.publicKey, recipient, lamports, reference, memo: 'test order' })
    : [SystemProgram.transfer({ fromPubkey: payer.publicKey, toPubkey: recipient, lamports })];
  instructions.push(...(shape.after ?? []));
  const { blockhash } = await connection.getLatestBlockhash();
  const wire =
    shape.version === 0
      ? (() => {
          const message = new TransactionMessage({ payerKey: payer.publicKey, recentBlockhash: blockhash, instructions }).compileToV0Message();
          const transaction = new VersionedTransaction(message);
          transaction.sign([payer]);
          return transaction.serialize();
        })()
      : (() => {
          const transaction = new Transaction({ feePayer: payer.publicKey, recentBlockhash: blockhash }).add(...instructions);
          transaction.sign(payer);
          return transaction.serialize();
        })();
  const signature = await connection.sendRawTransaction(wire, { skipPreflight: shape.skipPreflight ?? false });
  // A transaction that failed on chain is still a payment the verifier must judge.
  await waitForConfirmation(connection, signature, 10_000, 50).catch((error: Error) => {
    if (!/failed/.test(error.message)) throw error;
  });
  return signature;
}

/** A memo a wallet might add after the payment. */
export function walletMemo(text: string): TransactionInstruction {
  return new TransactionInstruction({ programId: MEMO_PROGRAM_ID, keys: [], data: Buffer.from(text, 'utf8') });
}

export function freshKey(): PublicKey {
  return Keypair.generate().publicKey;
}
