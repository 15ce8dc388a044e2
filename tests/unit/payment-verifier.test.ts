import { Connection, Keypair, LAMPORTS_PER_SOL, SystemProgram, type PublicKey } from '@solana/web3.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findPayment, type PaymentIntent } from '@/lib/checkout/server/verify';
import { freshKey, sendPayment, walletMemo } from '../support/chain-payments';
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
    const target = intent();
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
    for (let i = 0; i < 120; i++) await pay(target, { lamports: 1n });
    expect(await findPayment(connection, target)).toMatchObject({ status: 'paid', signature });
  });

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
