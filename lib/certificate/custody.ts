import 'server-only';
import { PublicKey, type Connection, type VersionedTransactionResponse } from '@solana/web3.js';
import type { Custodian, Custody } from './verdict';

/** At most this many transactions are read for one certificate's history (newest kept when it is longer). */
export const CUSTODY_MAX_TRANSACTIONS = 200;
/** At most this many token accounts are followed: each costs one more signatures call. */
export const CUSTODY_MAX_ACCOUNTS = 16;
const KEPT_TRANSACTIONS = 5000;

export type CustodyChain = Pick<Connection, 'getSignaturesForAddress' | 'getTransactions'>;

/** What a landed transaction tells of the certificate: who held the one token after it, and the accounts it touched. */
type Movement = { signature: string; slot: number; blockTime: number | null; holder: string | null; accounts: string[] };

/**
 * Finalized transactions never change: what each told is kept by signature, so a certificate
 * looked up again costs its signature lists and only its new transactions.
 */
const kept = new Map<string, Movement>();

/**
 * Every wallet that held the certificate since it was minted, oldest first, with the transaction
 * that gave it to them, read from the chain alone (the shop's records know only the first buyer).
 * The transactions naming the mint are read, then those of each token account that held it: a
 * plain Transfer names the two accounts and not the mint. A wallet is listed once per time it
 * received the token (A → B → A lists A twice). Bounded: past CUSTODY_MAX_TRANSACTIONS the oldest
 * are left out and `complete` says so.
 */
export async function readCustody(mint: PublicKey, chain: CustodyChain): Promise<Custody> {
  const mintAddress = mint.toBase58();
  const movements = new Map<string, Movement>();
  const followed = new Set<string>();
  let complete = true;
  let toFollow: string[] = [mintAddress];

  while (toFollow.length > 0 && followed.size < CUSTODY_MAX_ACCOUNTS + 1) {
    const address = toFollow.shift()!;
    followed.add(address);
    const signatures = await chain.getSignaturesForAddress(new PublicKey(address), { limit: CUSTODY_MAX_TRANSACTIONS }, 'confirmed');
    if (signatures.length >= CUSTODY_MAX_TRANSACTIONS) complete = false;
    const fresh = signatures.filter((entry) => entry.err === null && !movements.has(entry.signature));
    for (const movement of await readMovements(fresh, mintAddress, chain)) movements.set(movement.signature, movement);
    const accounts = new Set([...movements.values()].flatMap((movement) => movement.accounts));
    toFollow = [...accounts].filter((account) => !followed.has(account));
  }
  if (toFollow.length > 0) complete = false;

  const ordered = [...movements.values()].sort((a, b) => a.slot - b.slot).slice(-CUSTODY_MAX_TRANSACTIONS);
  if (ordered.length < movements.size) complete = false;
  const holders: Custodian[] = [];
  for (const movement of ordered) {
    if (movement.holder === null || movement.holder === holders.at(-1)?.wallet) continue;
    holders.push({ wallet: movement.holder, since: movement.blockTime === null ? null : new Date(movement.blockTime * 1000).toISOString(), signature: movement.signature });
  }
  return { holders, complete };
}

async function readMovements(
  signatures: { signature: string; confirmationStatus?: string | null }[],
  mint: string,
  chain: CustodyChain,
): Promise<Movement[]> {
  const known = signatures.flatMap(({ signature }) => kept.get(signature) ?? []);
  const unknown = signatures.filter(({ signature }) => !kept.has(signature));
  if (unknown.length === 0) return known;
  const transactions = await chain.getTransactions(
    unknown.map(({ signature }) => signature),
    { commitment: 'confirmed', maxSupportedTransactionVersion: 0 },
  );
  const read = transactions.flatMap((transaction, index) => {
    if (!transaction || transaction.meta?.err) return [];
    const movement = movementOf(transaction, unknown[index]!.signature, mint);
    if (unknown[index]!.confirmationStatus === 'finalized') keep(movement);
    return [movement];
  });
  return [...known, ...read];
}

function movementOf(transaction: VersionedTransactionResponse, signature: string, mint: string): Movement {
  const keys = transaction.transaction.message.staticAccountKeys.map((key) => key.toBase58());
  const balances = [...(transaction.meta?.preTokenBalances ?? []), ...(transaction.meta?.postTokenBalances ?? [])].filter((balance) => balance.mint === mint);
  const holding = (transaction.meta?.postTokenBalances ?? []).find((balance) => balance.mint === mint && balance.uiTokenAmount.amount === '1');
  return {
    signature,
    slot: transaction.slot,
    blockTime: transaction.blockTime ?? null,
    holder: holding?.owner ?? null,
    accounts: [...new Set(balances.flatMap((balance) => keys[balance.accountIndex] ?? []))],
  };
}

function keep(movement: Movement) {
  // A Map keeps insertion order: the first key is the oldest.
  if (kept.size >= KEPT_TRANSACTIONS) kept.delete(kept.keys().next().value!);
  kept.set(movement.signature, movement);
}
