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
import { MEMO_PROGRAM_ID, paymentInstructions } from '@/lib/payments/transfer';

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
  await waitForConfirmation(connection, signature);
  return signature;
}

/** Polls the node (no websocket: the local chain has none, and neither does the shop use one). */
export async function waitForConfirmation(connection: Connection, signature: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const { value } = await connection.getSignatureStatuses([signature]);
    const status = value[0]?.confirmationStatus;
    if (status === 'confirmed' || status === 'finalized') return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`Transaction ${signature} was not confirmed in ${timeoutMs} ms`);
}

/** A memo a wallet might add after the payment. */
export function walletMemo(text: string): TransactionInstruction {
  return new TransactionInstruction({ programId: MEMO_PROGRAM_ID, keys: [], data: Buffer.from(text, 'utf8') });
}

export function freshKey(): PublicKey {
  return Keypair.generate().publicKey;
}
