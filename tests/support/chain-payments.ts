import {
  MINT_SIZE,
  TOKEN_PROGRAM_ID,
  createAssociatedTokenAccountIdempotentInstruction,
  createInitializeMint2Instruction,
  createMintToInstruction,
  createTransferCheckedInstruction,
  createTransferInstruction,
  getAssociatedTokenAddressSync,
  getMinimumBalanceForRentExemptMint,
} from '@solana/spl-token';
import {
  Keypair,
  SystemProgram,
  Transaction,
  TransactionMessage,
  VersionedTransaction,
  type Connection,
  TransactionInstruction,
  type PublicKey,
  type Signer,
} from '@solana/web3.js';
import { waitForConfirmation } from '@/lib/chain/confirm';
import { MEMO_PROGRAM_ID, paymentInstructions } from '@/lib/checkout/transfer';

/**
 * Real payments on the local chain (tests/support/local-chain.ts), as wallets make them: legacy
 * or v0 transactions, with whatever the wallet adds around the transfer; in SOL, or in a token
 * (USDC) of a mint the test makes.
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
  return send(connection, payer, instructions, shape);
}

export type TokenPaymentShape = {
  /** The buyer: signs, pays the fee, and pays from its associated token account for the mint. */
  payer: Keypair;
  mint: PublicKey;
  /** The merchant's wallet: the tokens go to its associated token account for the mint. */
  recipient: PublicKey;
  /** In the mint's base units. */
  amount: bigint;
  decimals?: number;
  /** Omitted: a transfer without the Solana Pay reference. */
  reference?: PublicKey;
  /** TransferChecked, as Solana Pay makes it (the default), or the older plain Transfer, which names no mint. */
  kind?: 'transferChecked' | 'transfer';
  /** Another destination token account than the merchant's associated one. */
  to?: PublicKey;
  /** Create the merchant's associated token account first if it is missing, as Solana Pay wallets do. */
  createRecipientAccount?: boolean;
  version?: 'legacy' | 0;
  after?: TransactionInstruction[];
  skipPreflight?: boolean;
};

/**
 * A token payment the Solana Pay way: the transfer carries the reference as a read-only,
 * non-signing key, then a memo names the order (as paymentInstructions does for SOL).
 */
export async function sendTokenPayment(connection: Connection, shape: TokenPaymentShape): Promise<string> {
  const { payer, mint, recipient, amount, decimals = 6, reference } = shape;
  const source = getAssociatedTokenAddressSync(mint, payer.publicKey, true);
  const merchantAccount = getAssociatedTokenAddressSync(mint, recipient, true);
  const destination = shape.to ?? merchantAccount;
  const instructions: TransactionInstruction[] = [];
  if (shape.createRecipientAccount) {
    instructions.push(createAssociatedTokenAccountIdempotentInstruction(payer.publicKey, merchantAccount, recipient, mint));
  }
  const transfer =
    shape.kind === 'transfer'
      ? createTransferInstruction(source, destination, payer.publicKey, amount)
      : createTransferCheckedInstruction(source, mint, destination, payer.publicKey, amount, decimals);
  instructions.push(transfer);
  if (reference) {
    transfer.keys.push({ pubkey: reference, isSigner: false, isWritable: false });
    instructions.push(new TransactionInstruction({ programId: MEMO_PROGRAM_ID, keys: [], data: Buffer.from('test order', 'utf8') }));
  }
  instructions.push(...(shape.after ?? []));
  return send(connection, payer, instructions, shape);
}

/**
 * A new SPL Token mint (6 decimals, as USDC) whose mint authority is `authority`, which pays for it;
 * at `mint`'s address when one is given (the end-to-end run's fixed USDC).
 * Made from spl-token's instructions, not its createMint or mintTo: those confirm over a websocket,
 * which the local chain does not have.
 */
export async function createTestMint(connection: Connection, authority: Keypair, decimals = 6, mint = Keypair.generate()): Promise<PublicKey> {
  const instructions = [
    SystemProgram.createAccount({
      fromPubkey: authority.publicKey,
      newAccountPubkey: mint.publicKey,
      space: MINT_SIZE,
      lamports: await getMinimumBalanceForRentExemptMint(connection),
      programId: TOKEN_PROGRAM_ID,
    }),
    createInitializeMint2Instruction(mint.publicKey, decimals, authority.publicKey, null),
  ];
  await send(connection, authority, instructions, { signers: [mint] });
  return mint.publicKey;
}

/**
 * Mints `amount` base units to `owner`'s associated token account, creating it if it is missing
 * (the mint authority pays); answers that account.
 */
export async function fundTokens(
  connection: Connection,
  { mint, authority, owner, amount }: { mint: PublicKey; authority: Keypair; owner: PublicKey; amount: bigint },
): Promise<PublicKey> {
  const account = getAssociatedTokenAddressSync(mint, owner, true);
  await send(connection, authority, [
    createAssociatedTokenAccountIdempotentInstruction(authority.publicKey, account, owner, mint),
    createMintToInstruction(mint, account, authority.publicKey, amount),
  ]);
  return account;
}

/** Signs with the fee payer (and any other signers), sends, and waits until it is confirmed. */
async function send(
  connection: Connection,
  feePayer: Keypair,
  instructions: TransactionInstruction[],
  options: { version?: 'legacy' | 0; skipPreflight?: boolean; signers?: Signer[] } = {},
): Promise<string> {
  const signers = [feePayer, ...(options.signers ?? [])];
  const { blockhash } = await connection.getLatestBlockhash();
  const wire =
    options.version === 0
      ? (() => {
          const message = new TransactionMessage({ payerKey: feePayer.publicKey, recentBlockhash: blockhash, instructions }).compileToV0Message();
          const transaction = new VersionedTransaction(message);
          transaction.sign(signers);
          return transaction.serialize();
        })()
      : (() => {
          const transaction = new Transaction({ feePayer: feePayer.publicKey, recentBlockhash: blockhash }).add(...instructions);
          transaction.sign(...signers);
          return transaction.serialize();
        })();
  const signature = await connection.sendRawTransaction(wire, { skipPreflight: options.skipPreflight ?? false });
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
