import { PublicKey, SystemProgram, TransactionInstruction } from '@solana/web3.js';

/** The SPL Memo program (v2), which records the order id in the payment's transaction. */
export const MEMO_PROGRAM_ID = new PublicKey('MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr');

export type PaymentTransfer = {
  payer: PublicKey;
  recipient: PublicKey;
  lamports: bigint;
  /** The Solana Pay reference: a fresh public key that lets the server find this transaction. */
  reference: PublicKey;
  /** The order id, written to the chain with the Memo program. */
  memo: string;
};

/**
 * The instructions of a payment, the Solana Pay way: a system transfer to the merchant that
 * carries the reference as a read-only, non-signing key, then a memo naming the order. The wallet
 * adds its own fee payer and may add instructions around these; the server's verifier allows that.
 */
export function paymentInstructions({ payer, recipient, lamports, reference, memo }: PaymentTransfer): TransactionInstruction[] {
  const transfer = SystemProgram.transfer({ fromPubkey: payer, toPubkey: recipient, lamports });
  transfer.keys.push({ pubkey: reference, isSigner: false, isWritable: false });
  const note = new TransactionInstruction({
    programId: MEMO_PROGRAM_ID,
    keys: [],
    data: Buffer.from(memo, 'utf8'),
  });
  return [transfer, note];
}
