import 'server-only';
import {
  PublicKey,
  SystemProgram,
  type Connection,
  type TokenBalance,
  type VersionedTransactionResponse,
} from '@solana/web3.js';
import { TOKEN_PROGRAM_ID, getAssociatedTokenAddressSync } from '@solana/spl-token';
import bs58 from 'bs58';
import { USDC_DECIMALS, unitsToDecimal } from '@/lib/chain/currencies';
import { refuse, type Refusal } from '@/lib/result';

/**
 * The server's proof of payment. It finds the transaction by the intent's reference (never by
 * the client's word: a signature the client posts is only a hint) and accepts it only when, at
 * `confirmed` or better, it succeeded, carries the reference, and holds a system transfer of
 * exactly the intent's lamports to the merchant, top level or inner (wherever the wallet put it),
 * before the intent expired. A USDC intent is paid the same way by an SPL Token transfer of exactly
 * its amount into the merchant's associated token account for the mint, whose balance of that mint
 * must show it arrived; SOL never pays it. Written by hand rather than with @solana/pay's
 * validateTransfer, which refuses v0 transactions and wallets that add instructions after the transfer.
 */

export type PaymentIntent = {
  reference: PublicKey;
  recipient: PublicKey;
  /**
   * The wallet the intent holds its piece for (base58), null when unknown. The reference is in the
   * QR code for anyone to copy: a hinted transaction that names it without paying fails the order
   * only when this wallet signed it (the buyer's own payment gone wrong), never someone else's.
   */
  buyer: string | null;
  lamports: bigint;
  createdAt: Date;
  expiresAt: Date;
  /** A token (USDC) intent: the mint, and the amount in its base units. `lamports` is then not checked. */
  token?: { mint: PublicKey; amount: bigint };
};

export type Verification =
  /** A transaction that pays the intent, confirmed before it expired, at landedAt. */
  | { status: 'paid'; signature: string; payer: string; landedAt: Date }
  /** A transaction that pays the intent, but after it expired (settle_order decides what it buys). */
  | { status: 'late'; signature: string; payer: string; landedAt: Date }
  /** The transaction the client named carries the intent's reference, but does not pay it. */
  | { status: 'invalid'; signature: string; reason: string }
  /** Nothing on chain pays the intent yet. */
  | { status: 'pending' };

export type ChainReader = Pick<Connection, 'getSignaturesForAddress' | 'getTransactions'>;

/**
 * The transactions naming a reference are read back a page at a time to the intent's creation:
 * anyone can name a reference in transactions of their own, and a scan of the newest few let 25
 * of them hide the payment. Bounded, since a check answers an HTTP request: hiding a payment now
 * takes more transactions than MAX_SIGNATURES, each paying its fee, and a check of an order runs
 * once at a time (check-once.ts).
 */
const SIGNATURES_PER_PAGE = 100;
const MAX_SIGNATURES = 1_000;
/** Transactions asked of the node in one JSON-RPC batch. */
export const TRANSACTIONS_PER_BATCH = 25;
/** Block times are the cluster's clock, an intent's creation the server's: room for the two to differ. */
const CLOCK_MARGIN_MS = 5 * 60_000;

export async function findPayment(
  chain: ChainReader,
  intent: PaymentIntent,
  hint?: string,
  now: () => number = Date.now,
): Promise<Verification> {
  // Oldest first: if a buyer paid twice, the first payment is the one that counts.
  const candidates = (await signaturesSince(chain, intent)).reverse();
  if (hint && !candidates.includes(hint)) candidates.push(hint);

  let late: Verification | null = null;
  let hinted: Verification | null = null;
  for (let start = 0; start < candidates.length; start += TRANSACTIONS_PER_BATCH) {
    const batch = candidates.slice(start, start + TRANSACTIONS_PER_BATCH);
    const transactions = await chain.getTransactions(batch, { commitment: 'confirmed', maxSupportedTransactionVersion: 0 });
    for (const [index, transaction] of transactions.entries()) {
      const signature = batch[index]!;
      if (!transaction) continue;
      const check = checkPaymentTransaction(transaction, intent);
      if (!check.ok) {
        // The client's hint can fail its own order, but only with a transaction made for it by its buyer.
        if (signature === hint && check.reason !== 'elsewhere' && signedBy(transaction, intent.buyer)) {
          hinted = { status: 'invalid', signature, reason: check.message };
        }
        continue;
      }
      // A node that keeps no block time for it: the transaction is confirmed now, as far as we can tell.
      const landedAt = new Date(typeof transaction.blockTime === 'number' ? transaction.blockTime * 1000 : now());
      if (landedAt <= intent.expiresAt) return { status: 'paid', signature, payer: check.payer, landedAt };
      late ??= { status: 'late', signature, payer: check.payer, landedAt };
    }
  }
  return late ?? hinted ?? { status: 'pending' };
}

/**
 * The signatures of the successful transactions naming the intent's reference since it was made,
 * newest first, at most MAX_SIGNATURES. A failed transaction pays nothing and is left out (the
 * client's hint is still looked at, to fail its own order with the reason).
 */
export async function signaturesSince(
  chain: ChainReader,
  intent: Pick<PaymentIntent, 'reference' | 'createdAt'>,
  commitment: 'confirmed' | 'finalized' = 'confirmed',
): Promise<string[]> {
  const since = (intent.createdAt.getTime() - CLOCK_MARGIN_MS) / 1000;
  const found: string[] = [];
  let before: string | undefined;
  for (let read = 0; read < MAX_SIGNATURES; read += SIGNATURES_PER_PAGE) {
    const page = await chain.getSignaturesForAddress(intent.reference, { limit: SIGNATURES_PER_PAGE, before }, commitment);
    for (const entry of page) {
      if (typeof entry.blockTime === 'number' && entry.blockTime < since) return found;
      if (entry.err === null) found.push(entry.signature);
    }
    if (page.length < SIGNATURES_PER_PAGE) return found;
    before = page[page.length - 1]!.signature;
  }
  return found;
}

/** Whether `wallet` signed the transaction: its signers are the first keys of its message. */
function signedBy(transaction: VersionedTransactionResponse, wallet: string | null): boolean {
  const { message } = transaction.transaction;
  return wallet !== null && message.staticAccountKeys.slice(0, message.header.numRequiredSignatures).some((key) => key.toBase58() === wallet);
}

/** `elsewhere`: the transaction does not name this order's reference; every other refusal is about this order. */
export type TransactionCheck = { ok: true; payer: string } | Refusal<'elsewhere' | 'no-status' | 'failed' | 'wrong-amount' | 'not-received'>;

/**
 * Whether one transaction pays the intent (the expiry aside). `payee` names the recipient in the
 * reasons: the shop for a payment, the buyer's wallet for a refund (lib/refunds).
 */
export function checkPaymentTransaction(
  transaction: VersionedTransactionResponse,
  intent: Omit<PaymentIntent, 'buyer' | 'expiresAt' | 'createdAt'>,
  payee = 'the shop',
): TransactionCheck {
  const { meta } = transaction;
  const keys = transaction.transaction.message
    .getAccountKeys({ accountKeysFromLookups: meta?.loadedAddresses })
    .keySegments()
    .flat();
  if (!keys.some((key) => key.equals(intent.reference))) {
    return refuse('elsewhere', 'The transaction is not for this order.');
  }
  if (!meta) return refuse('no-status', 'The transaction has no status yet.');
  if (meta.err) return refuse('failed', 'The transaction failed on Solana.');
  if (intent.token) return checkTokenPayment(transaction, keys, intent.recipient, intent.token, payee);

  const transfers = systemTransfers(transaction, keys).filter((transfer) => transfer.to.equals(intent.recipient));
  const exact = transfers.find((transfer) => transfer.lamports === intent.lamports);
  if (!exact) {
    const paid = transfers.reduce((sum, transfer) => sum + transfer.lamports, 0n);
    return refuse('wrong-amount', `The transaction paid ${paid} lamports to ${payee}, not the ${intent.lamports} asked.`);
  }
  // The transfer ran, so the merchant's balance rose by at least that much: checked anyway.
  const merchantIndex = keys.findIndex((key) => key.equals(intent.recipient));
  const received = BigInt(meta.postBalances[merchantIndex] ?? 0) - BigInt(meta.preBalances[merchantIndex] ?? 0);
  if (received < intent.lamports) return refuse('not-received', notReceived(payee));
  return { ok: true, payer: exact.from.toBase58() };
}

function checkTokenPayment(
  transaction: VersionedTransactionResponse,
  keys: PublicKey[],
  recipient: PublicKey,
  token: NonNullable<PaymentIntent['token']>,
  payee: string,
): TransactionCheck {
  // Off the curve allowed: the shop's wallet may be a program's account (a multisig vault).
  const destination = getAssociatedTokenAddressSync(token.mint, recipient, true);
  // A plain Transfer names no mint (the balances below prove it); a TransferChecked must name the intent's.
  const transfers = tokenTransfers(transaction, keys).filter(
    (transfer) => transfer.destination.equals(destination) && (!transfer.mint || transfer.mint.equals(token.mint)),
  );
  const exact = transfers.find((transfer) => transfer.amount === token.amount);
  if (!exact) {
    const paid = transfers.reduce((sum, transfer) => sum + transfer.amount, 0n);
    // USDC is the one token an intent is made in (lib/chain/currencies.ts).
    const usdc = (units: bigint) => unitsToDecimal(units, USDC_DECIMALS);
    return refuse('wrong-amount', `The transaction paid ${usdc(paid)} USDC to ${payee}, not the ${usdc(token.amount)} asked.`);
  }
  // What proves the mint of a plain Transfer: the shop's account's balance of that mint rose. An
  // account created by the transaction has no balance before it, which counts as nothing.
  const index = keys.findIndex((key) => key.equals(destination));
  const balanceOf = (balances: TokenBalance[] | null | undefined) =>
    BigInt(balances?.find((balance) => balance.accountIndex === index && balance.mint === token.mint.toBase58())?.uiTokenAmount.amount ?? 0);
  const received = balanceOf(transaction.meta?.postTokenBalances) - balanceOf(transaction.meta?.preTokenBalances);
  if (received < token.amount) return refuse('not-received', notReceived(payee));
  // The wallet that signed, not the token account it paid from.
  return { ok: true, payer: exact.owner.toBase58() };
}

const notReceived = (payee: string) => `${payee[0]!.toUpperCase()}${payee.slice(1)} did not receive the amount.`;

type Instruction = { programIdIndex: number; accounts: number[]; data: Buffer };
type Transfer = { from: PublicKey; to: PublicKey; lamports: bigint };
type TokenTransfer = { destination: PublicKey; owner: PublicKey; amount: bigint; mint?: PublicKey };

/** SystemProgram::Transfer: a u32 instruction index of 2, then the lamports as a u64, little-endian. */
const TRANSFER_INDEX = 2;
const TRANSFER_DATA_LENGTH = 12;
/**
 * SPL Token's Transfer: a u8 of 3, the amount as a u64 little-endian; accounts source, destination,
 * owner. TransferChecked: a u8 of 12, the amount, the mint's decimals as a u8; accounts source, mint,
 * destination, owner.
 */
const TOKEN_TRANSFER = 3;
const TOKEN_TRANSFER_DATA_LENGTH = 9;
const TOKEN_TRANSFER_CHECKED = 12;
const TOKEN_TRANSFER_CHECKED_DATA_LENGTH = 10;

/** Every system transfer in the transaction, top level and inner (called by another program). */
function systemTransfers(transaction: VersionedTransactionResponse, keys: PublicKey[]): Transfer[] {
  const transfers: Transfer[] = [];
  for (const instruction of instructionsOf(transaction)) {
    if (!keys[instruction.programIdIndex]?.equals(SystemProgram.programId)) continue;
    const { data, accounts } = instruction;
    if (data.length !== TRANSFER_DATA_LENGTH || data.readUInt32LE(0) !== TRANSFER_INDEX) continue;
    const from = keys[accounts[0] ?? -1];
    const to = keys[accounts[1] ?? -1];
    if (from && to) transfers.push({ from, to, lamports: data.readBigUInt64LE(4) });
  }
  return transfers;
}

/** Every SPL Token transfer in the transaction, top level and inner. */
function tokenTransfers(transaction: VersionedTransactionResponse, keys: PublicKey[]): TokenTransfer[] {
  const transfers: TokenTransfer[] = [];
  for (const { programIdIndex, data, accounts } of instructionsOf(transaction)) {
    if (!keys[programIdIndex]?.equals(TOKEN_PROGRAM_ID)) continue;
    const key = (position: number) => keys[accounts[position] ?? -1];
    if (data.length === TOKEN_TRANSFER_DATA_LENGTH && data[0] === TOKEN_TRANSFER) {
      const [destination, owner] = [key(1), key(2)];
      if (destination && owner) transfers.push({ destination, owner, amount: data.readBigUInt64LE(1) });
    } else if (data.length === TOKEN_TRANSFER_CHECKED_DATA_LENGTH && data[0] === TOKEN_TRANSFER_CHECKED) {
      const [mint, destination, owner] = [key(1), key(2), key(3)];
      if (mint && destination && owner) transfers.push({ mint, destination, owner, amount: data.readBigUInt64LE(1) });
    }
  }
  return transfers;
}

/** The transaction's instructions, top level then inner (called by another program). */
function instructionsOf(transaction: VersionedTransactionResponse): Instruction[] {
  const compiled = transaction.transaction.message.compiledInstructions.map((instruction) => ({
    programIdIndex: instruction.programIdIndex,
    accounts: instruction.accountKeyIndexes,
    data: Buffer.from(instruction.data),
  }));
  const inner = (transaction.meta?.innerInstructions ?? []).flatMap((group) =>
    group.instructions.map((instruction) => ({
      programIdIndex: instruction.programIdIndex,
      accounts: instruction.accounts,
      data: Buffer.from(bs58.decode(instruction.data)),
    })),
  );
  return [...compiled, ...inner];
}
