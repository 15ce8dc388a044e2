import { Connection, Keypair, LAMPORTS_PER_SOL, SystemProgram, Transaction } from '@solana/web3.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEMO_PROGRAM_ID } from '@/lib/checkout/transfer';
import { sendPayment, freshKey } from '../support/chain-payments';
import { startLocalChain, type LocalChain } from '../support/local-chain';

/**
 * The local chain is a test tool, but every payment test trusts its answers: here it answers the
 * JSON-RPC calls web3.js, the wallet adapter and the shop make, read through web3.js's own
 * response checks, as a Devnet node would.
 */

let chain: LocalChain;
let connection: Connection;
const payer = Keypair.generate();

beforeAll(async () => {
  chain = await startLocalChain();
  connection = new Connection(chain.url, 'confirmed');
  await chain.airdrop(payer.publicKey, 10n * BigInt(LAMPORTS_PER_SOL));
});

afterAll(() => chain.close());

describe('the local chain', () => {
  it('answers the node and account queries a wallet makes', async () => {
    expect(await connection.getVersion()).toMatchObject({ 'solana-core': expect.any(String) });
    expect(await connection.getBalance(payer.publicKey)).toBe(10 * LAMPORTS_PER_SOL);
    expect(await connection.getMinimumBalanceForRentExemption(0)).toBeGreaterThan(0);
    const memoProgram = await connection.getAccountInfo(MEMO_PROGRAM_ID);
    expect(memoProgram?.executable).toBe(true);
    const [known, unknown] = await connection.getMultipleAccountsInfo([payer.publicKey, freshKey()]);
    expect(known?.lamports).toBe(10 * LAMPORTS_PER_SOL);
    expect(unknown).toBeNull();
    expect(await connection.getBlockHeight()).toBeGreaterThan(0);
  });

  it('executes a transfer for real and records it for lookups by signature and by address', async () => {
    const recipient = freshKey();
    const slotBefore = await connection.getSlot();
    const signature = await sendPayment(connection, { payer, recipient, lamports: 1_000_000n });
    expect(await connection.getBalance(recipient)).toBe(1_000_000);
    expect((await connection.getSignaturesForAddress(recipient)).map((entry) => entry.signature)).toEqual([signature]);
    const transaction = await connection.getTransaction(signature, { commitment: 'confirmed', maxSupportedTransactionVersion: 0 });
    expect(transaction?.slot).toBeGreaterThanOrEqual(slotBefore);
    expect(transaction?.meta?.err).toBeNull();
    const recipientIndex = transaction!.transaction.message.staticAccountKeys.findIndex((key) => key.equals(recipient));
    expect(transaction!.meta!.postBalances[recipientIndex]! - transaction!.meta!.preBalances[recipientIndex]!).toBe(1_000_000);
  });

  it('refuses in preflight what would fail, and lands it without preflight as a failed transaction', async () => {
    const poor = Keypair.generate();
    await chain.airdrop(poor.publicKey, 1_000_000n);
    const overdraft = { payer: poor, recipient: freshKey(), lamports: 5_000_000n };
    await expect(sendPayment(connection, overdraft)).rejects.toThrow(/simulation failed/i);
    const signature = await sendPayment(connection, { ...overdraft, skipPreflight: true });
    const status = (await connection.getSignatureStatuses([signature])).value[0];
    expect(status?.err).toEqual({ InstructionError: [0, { Custom: 1 }] });
  });

  it('simulates without sending', async () => {
    const recipient = freshKey();
    const { blockhash } = await connection.getLatestBlockhash();
    const transaction = new Transaction({ feePayer: payer.publicKey, recentBlockhash: blockhash }).add(
      SystemProgram.transfer({ fromPubkey: payer.publicKey, toPubkey: recipient, lamports: 1_000_000 }),
    );
    transaction.sign(payer);
    const { value } = await connection.simulateTransaction(transaction);
    expect(value.err).toBeNull();
    expect(value.logs?.join('\n')).toMatch(/Program 11111111111111111111111111111111 success/);
    expect(await connection.getBalance(recipient)).toBe(0);
  });
});
