import { createAssociatedTokenAccountIdempotentInstruction, createTransferCheckedInstruction, getAssociatedTokenAddressSync } from '@solana/spl-token';
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
  return [transfer, memoInstruction(memo)];
}

export type TokenPaymentTransfer = Omit<PaymentTransfer, 'lamports'> & { mint: PublicKey; amount: bigint; decimals: number };

/**
 * A token (USDC) payment the same way: the merchant's token account for the mint made if it is
 * not there yet (at the payer's cost, idempotent), then a TransferChecked of the amount from the
 * payer's token account into it, carrying the reference, then the memo.
 */
export function tokenPaymentInstructions({ payer, recipient, mint, amount, decimals, reference, memo }: TokenPaymentTransfer): TransactionInstruction[] {
  const destination = getAssociatedTokenAddressSync(mint, recipient, true);
  const transfer = createTransferCheckedInstruction(getAssociatedTokenAddressSync(mint, payer, true), mint, destination, payer, amount, decimals);
  transfer.keys.push({ pubkey: reference, isSigner: false, isWritable: false });
  return [createAssociatedTokenAccountIdempotentInstruction(payer, destination, recipient, mint), transfer, memoInstruction(memo)];
}

function memoInstruction(memo: string): TransactionInstruction {
  return new TransactionInstruction({ programId: MEMO_PROGRAM_ID, keys: [], data: Buffer.from(memo, 'utf8') });
}
