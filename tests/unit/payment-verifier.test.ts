import { Connection, Keypair, LAMPORTS_PER_SOL, SystemProgram, type PublicKey } from '@solana/web3.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkPaymentTransaction, findPayment, type PaymentIntent } from '@/lib/checkout/server/verify';
import { createTestMint, freshKey, fundTokens, sendPayment, sendTokenPayment, walletMemo } from '../support/chain-payments';
import { startLocalChain, type LocalChain } from '../support/local-chain';

/**
 * The verifier against real transactions: a local Solana runtime (litesvm, standing in for
 * Devnet, which these machines cannot reach) executes every payment, and the verifier reads them
 * back through the JSON-RPC interface a real node has.
 */

const PRICE = 2n * BigInt(LAMPORTS_PER_SOL) + 123n;

let chain: LocalChain;
let connection: Connection;
let merchant: PublicKey;
let buyer: Keypair;

beforeAll(async () => {
  chain = await startLocalChain();
  connection = new Connection(chain.url, 'confirmed');
  merchant = Keypair.generate().publicKey;
  buyer = Keypair.generate();
  await chain.airdrop(buyer.publicKey, 100n * BigInt(LAMPORTS_PER_SOL));
  // The merchant's account exists before the first payment, as a real shop's wallet does.
  await chain.airdrop(merchant, BigInt(LAMPORTS_PER_SOL));
});

afterAll(() => chain.close());

const intent = (overrides: Partial<PaymentIntent> = {}): PaymentIntent => ({
  reference: freshKey(),
  buyer: buyer.publicKey.toBase58(),
  recipient: merchant,
  lamports: PRICE,
  createdAt: new Date(),
  expiresAt: new Date(Date.now() + 10 * 60_000),
  ...overrides,
});

const pay = (target: PaymentIntent, overrides: Partial<Parameters<typeof sendPayment>[1]> = {}) =>
  sendPayment(connection, { payer: buyer, recipient: target.recipient, lamports: target.lamports, reference: target.reference, ...overrides });

describe('findPayment', () => {
  it('finds a legacy payment by its reference alone and names the payer', async () => {
    const target = intent();
    const signature = await pay(target);
    const found = await findPayment(connection, target);
    expect(found).toEqual({ status: 'paid', signature, payer: buyer.publicKey.toBase58(), landedAt: expect.any(Date) });
    // When it landed, as the chain dates its block (to the second): what settle_order judges by.
    expect(Math.abs((found as { landedAt: Date }).landedAt.getTime() - Date.now())).toBeLessThan(60_000);
  });

  it('accepts a v0 transaction', async () => {
    const target = intent();
    const signature = await pay(target, { version: 0 });
    expect(await findPayment(connection, target)).toMatchObject({ status: 'paid', signature });
  });

  it('accepts a wallet that adds instructions after the transfer', async () => {
    const target = intent();
    const tip = SystemProgram.transfer({ fromPubkey: buyer.publicKey, toPubkey: freshKey(), lamports: 1_000_000 });
    const signature = await pay(target, { after: [walletMemo('sent from a wallet'), tip] });
    expect(await findPayment(connection, target)).toMatchObject({ status: 'paid', signature });
  });

  it.each([
    ['one lamport too little', PRICE - 1n],
    ['one lamport too much', PRICE + 1n],
  ])('refuses %s, naming the amount, and keeps waiting for a right payment', async (_, lamports) => {
    const target = intent();
    const signature = await pay(target, { lamports });
    expect(await findPayment(connection, target)).toEqual({ status: 'pending' });
    expect(await findPayment(connection, target, signature)).toEqual({
      status: 'invalid',
      signature,
      reason: `The transaction paid ${lamports} lamports to the shop, not the ${PRICE} asked.`,
    });
  });

  it('refuses a payment to another address', async () => {
    const target = intent();
    const signature = await pay(target, { recipient: freshKey() });
    expect(await findPayment(connection, target, signature)).toMatchObject({ status: 'invalid', signature });
  });

  it('ignores a transaction without the reference, even when the client names it', async () => {
    const target = intent();
    const signature = await pay(target, { reference: undefined });
    expect(await findPayment(connection, target, signature)).toEqual({ status: 'pending' });
  });

  it('refuses a transaction that failed on chain', async () => {
    const poor = Keypair.generate();
    await chain.airdrop(poor.publicKey, BigInt(LAMPORTS_PER_SOL));
    const target = intent({ buyer: poor.publicKey.toBase58() });
    const signature = await sendPayment(connection, {
      payer: poor,
      recipient: merchant,
      lamports: target.lamports,
      reference: target.reference,
      skipPreflight: true,
    });
    expect(await findPayment(connection, target, signature)).toEqual({ status: 'invalid', signature, reason: 'The transaction failed on Solana.' });
  });

  it('calls a payment confirmed after the expiry late', async () => {
    const target = intent({ expiresAt: new Date(Date.now() - 60_000) });
    const signature = await pay(target);
    const found = await findPayment(connection, target);
    expect(found).toEqual({ status: 'late', signature, payer: buyer.publicKey.toBase58(), landedAt: expect.any(Date) });
    expect((found as { landedAt: Date }).landedAt.getTime()).toBeGreaterThan(target.expiresAt.getTime());
  });

  it('finds the payment behind more transactions naming its reference than a page of the scan holds', async () => {
    const target = intent();
    const signature = await pay(target);
    // Anyone can name a reference: an attacker's cheap transfers, each naming it, land after the payment.
    // Sent at once, as a script would, each of another amount so that no two are the same transaction.
    await Promise.all(Array.from({ length: 120 }, (_, i) => pay(target, { lamports: 1n + BigInt(i) })));
    expect(await findPayment(connection, target)).toMatchObject({ status: 'paid', signature });
    // 121 transactions on the local chain: beside the e2e suite on a machine whose cores are also
    // busy with other work, more than the suite's usual 30 s. Its subject is what is found, not how fast.
  }, 90_000);

  it('reads back no further than the intent was made', async () => {
    const target = intent({ createdAt: new Date(Date.now() + 60 * 60_000), expiresAt: new Date(Date.now() + 70 * 60_000) });
    await pay(target);
    expect(await findPayment(connection, target)).toEqual({ status: 'pending' });
  });

  it('finds nothing for a reference no transaction carries', async () => {
    expect(await findPayment(connection, intent())).toEqual({ status: 'pending' });
  });

  it('throws when the node cannot be reached, so nothing is decided on a guess', async () => {
    const unreachable = new Connection('http://127.0.0.1:9', 'confirmed');
    await expect(findPayment(unreachable, intent())).rejects.toThrow();
  });
});

describe('findPayment for a USDC intent', () => {
  /** 5 USDC, in the base units of a mint with 6 decimals. */
  const USDC_PRICE = 5_000_000n;
  let usdc: PublicKey;
  let otherToken: PublicKey;

  beforeAll(async () => {
    const authority = Keypair.generate();
    await chain.airdrop(authority.publicKey, 10n * BigInt(LAMPORTS_PER_SOL));
    usdc = await createTestMint(connection, authority);
    otherToken = await createTestMint(connection, authority);
    await fundTokens(connection, { mint: usdc, authority, owner: buyer.publicKey, amount: 1_000n * USDC_PRICE });
    await fundTokens(connection, { mint: otherToken, authority, owner: buyer.publicKey, amount: 1_000n * USDC_PRICE });
    // The shop's token account exists before the first payment, as a shop taking USDC has one.
    await fundTokens(connection, { mint: usdc, authority, owner: merchant, amount: 0n });
  });

  const usdcIntent = (overrides: Partial<PaymentIntent> = {}): PaymentIntent => intent({ token: { mint: usdc, amount: USDC_PRICE }, ...overrides });

  const payUsdc = (target: PaymentIntent, overrides: Partial<Parameters<typeof sendTokenPayment>[1]> = {}) =>
    sendTokenPayment(connection, { payer: buyer, mint: usdc, recipient: target.recipient, amount: USDC_PRICE, reference: target.reference, ...overrides });

  it('finds a TransferChecked of the amount into the shop’s token account and names the buyer’s wallet', async () => {
    const target = usdcIntent();
    const signature = await payUsdc(target);
    expect(await findPayment(connection, target)).toEqual({ status: 'paid', signature, payer: buyer.publicKey.toBase58(), landedAt: expect.any(Date) });
  });

  it('finds a plain Transfer, whose mint the shop’s balance proves', async () => {
    const target = usdcIntent();
    const signature = await payUsdc(target, { kind: 'transfer', version: 0 });
    expect(await findPayment(connection, target)).toEqual({ status: 'paid', signature, payer: buyer.publicKey.toBase58(), landedAt: expect.any(Date) });
  });

  it('accepts a payment that creates the shop’s token account on the way', async () => {
    const target = usdcIntent({ recipient: freshKey() });
    const signature = await payUsdc(target, { createRecipientAccount: true });
    expect(await findPayment(connection, target)).toMatchObject({ status: 'paid', signature });
  });

  it.each([
    ['a short amount', 4_500_000n, '4.5'],
    ['one base unit too much', USDC_PRICE + 1n, '5.000001'],
  ])('refuses %s, naming it in USDC, and keeps waiting for a right payment', async (_, amount, paid) => {
    const target = usdcIntent();
    const signature = await payUsdc(target, { amount });
    expect(await findPayment(connection, target)).toEqual({ status: 'pending' });
    expect(await findPayment(connection, target, signature)).toEqual({
      status: 'invalid',
      signature,
      reason: `The transaction paid ${paid} USDC to the shop, not the 5 asked.`,
    });
  });

  it('refuses another token of the same decimals sent to the shop’s account for that token', async () => {
    const target = usdcIntent();
    const signature = await payUsdc(target, { mint: otherToken, createRecipientAccount: true });
    expect(await findPayment(connection, target)).toEqual({ status: 'pending' });
    expect(await findPayment(connection, target, signature)).toEqual({
      status: 'invalid',
      signature,
      reason: 'The transaction paid 0 USDC to the shop, not the 5 asked.',
    });
  });

  it('refuses SOL sent instead of USDC, even the intent’s lamports', async () => {
    const target = usdcIntent();
    const signature = await pay(target);
    expect(await findPayment(connection, target)).toEqual({ status: 'pending' });
    expect(await findPayment(connection, target, signature)).toMatchObject({ status: 'invalid', signature, reason: expect.stringMatching(/paid 0 USDC/) });
  });

  it('refuses USDC sent to another wallet’s token account', async () => {
    const target = usdcIntent();
    const signature = await payUsdc(target, { recipient: freshKey(), createRecipientAccount: true });
    expect(await findPayment(connection, target)).toEqual({ status: 'pending' });
    expect(await findPayment(connection, target, signature)).toMatchObject({ status: 'invalid', signature });
  });

  it('refuses a token transfer that failed on chain', async () => {
    const target = usdcIntent();
    const signature = await payUsdc(target, { amount: 10_000n * USDC_PRICE, skipPreflight: true });
    expect(await findPayment(connection, target, signature)).toEqual({ status: 'invalid', signature, reason: 'The transaction failed on Solana.' });
  });

  it('refuses a transfer the node’s token balances do not show the shop receiving', async () => {
    const target = usdcIntent();
    const signature = await payUsdc(target);
    const transaction = (await connection.getTransaction(signature, { commitment: 'confirmed', maxSupportedTransactionVersion: 0 }))!;
    expect(checkPaymentTransaction(transaction, target)).toEqual({ ok: true, payer: buyer.publicKey.toBase58() });
    const unbalanced = { ...transaction, meta: { ...transaction.meta!, postTokenBalances: transaction.meta!.preTokenBalances } };
    expect(checkPaymentTransaction(unbalanced, target)).toEqual({ ok: false, reason: 'not-received', message: 'The shop did not receive the amount.' });
  });

  it('calls a payment confirmed after the expiry late', async () => {
    const target = usdcIntent({ expiresAt: new Date(Date.now() - 60_000) });
    const signature = await payUsdc(target);
    expect(await findPayment(connection, target)).toEqual({ status: 'late', signature, payer: buyer.publicKey.toBase58(), landedAt: expect.any(Date) });
  });
});
