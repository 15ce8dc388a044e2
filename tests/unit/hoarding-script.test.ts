import { randomInt } from 'node:crypto';
import { Keypair, LAMPORTS_PER_SOL, PublicKey } from '@solana/web3.js';
import { NextRequest } from 'next/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POST as createIntent } from '@/app/api/payments/route';
import { POST as verify } from '@/app/api/payments/[id]/verify/route';
import type { Watch } from '@/lib/catalog/types';
import type { PaymentIntentResponse } from '@/lib/checkout/api';
import { lamportsToDecimalSol, solToLamports } from '@/lib/chain/lamports';
import { PAYMENT_FEE_ALLOWANCE_LAMPORTS } from '@/lib/checkout/server/intent';
import { SOCKET_ADDRESS_HEADER } from '@/lib/http/client-address';
import { DEFAULT_HOLDS_PER_ADDRESS, DEFAULT_HOLDS_PER_NETWORK } from '@/lib/config';
import { getStores } from '@/lib/shop/stores';
import { sendPayment } from '../support/chain-payments';
import { startPaymentsShop, type PaymentsShop } from '../support/payments-shop';
import { signInThroughRoutes } from '../support/wallet-sign-in-routes';

/**
 * Issue 47's attack, as the script ran it against a production build: fresh wallets, each signed in
 * through the real routes (challenge, signed message, session) and asking for a hold of another
 * watch of the demo catalogue, every request with a random forged X-Forwarded-For. The requests
 * come in as ORX's own server hands them on: the socket's address stamped in its header, the
 * server's flag set. The chain is the real local one; wallets that hold are funded on it.
 */

const SITE = new URL('https://orx.example');
const WALLETS = 50;
const shipping = { fullName: 'Ada Lovelace', phone: '+44 20 7946 0000', email: 'ada@example.com', address: '12 St James Square, London' };

let shop: PaymentsShop;
let catalogue: Watch[];

beforeAll(async () => {
  shop = await startPaymentsShop(150, 'orx-hoarding-', { ORX_FRONT_DOOR: '1' });
  catalogue = (await getStores().catalog.listAll()).filter((watch) => watch.available);
});

afterAll(() => shop.close());

const forgedAddress = () => `${randomInt(1, 224)}.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
const mostExpensive = () => Math.max(...catalogue.map((watch) => watch.price_sol));

/** A fresh wallet, funded on chain with enough for any watch (or not at all). */
async function freshWallet(funded: boolean): Promise<Keypair> {
  const wallet = Keypair.generate();
  if (funded) await shop.chain.airdrop(wallet.publicKey, BigInt(Math.ceil(mostExpensive() + 1)) * BigInt(LAMPORTS_PER_SOL));
  return wallet;
}

/** One request as ORX's server hands it on: the socket's address stamped, the client's forged header kept. */
const fromSocket = (socket: string) => ({ [SOCKET_ADDRESS_HEADER]: socket, 'x-forwarded-for': forgedAddress() });

/** The script's step for one wallet: sign in, then ask for a hold of `watch`; the answer. */
async function hoard(wallet: Keypair, watch: Watch, socket: string): Promise<{ status: number; error?: string }> {
  const session = await signInThroughRoutes(wallet, SITE, fromSocket(socket));
  const cookie: Record<string, string> = 'cookie' in session ? { cookie: session.cookie } : {};
  const response = await createIntent(
    new NextRequest(new URL('/api/payments', SITE), {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...cookie, ...fromSocket(socket) },
      body: JSON.stringify({ watchId: watch.id, wallet: wallet.publicKey.toBase58(), shipping }),
    }),
  );
  return { status: response.status, ...((await response.json()) as { error?: string }) };
}

/** The wallets' open holds, as the shop counts them. */
async function holdsOf(wallets: Keypair[]): Promise<number> {
  const addresses = new Set(wallets.map((wallet) => wallet.publicKey.toBase58()));
  return (await getStores().orders.list()).filter((order) => order.status === 'pending' && addresses.has(order.wallet ?? '')).length;
}

describe('the hoarding script', () => {
  it(`holds no more than ${DEFAULT_HOLDS_PER_ADDRESS} watches for ${WALLETS} funded wallets from one address, whatever X-Forwarded-For says`, async () => {
    const wallets = await Promise.all(Array.from({ length: WALLETS }, () => freshWallet(true)));
    const answers = await Promise.all(wallets.map((wallet, index) => hoard(wallet, catalogue[index % catalogue.length]!, '198.51.100.23')));
    expect(await holdsOf(wallets)).toBe(DEFAULT_HOLDS_PER_ADDRESS);
    expect(answers.filter(({ status }) => status === 201)).toHaveLength(DEFAULT_HOLDS_PER_ADDRESS);
    const bound = answers.filter(({ error }) => error?.startsWith(`${DEFAULT_HOLDS_PER_ADDRESS} watches are held from your connection already, the most at one time. Nothing was held`));
    expect(bound).not.toHaveLength(0);
    expect(bound.every(({ status }) => status === 429)).toBe(true);
  });

  it(`holds no more than ${DEFAULT_HOLDS_PER_NETWORK} watches for ${WALLETS} funded wallets from rotating addresses of one /24`, async () => {
    const wallets = await Promise.all(Array.from({ length: WALLETS }, () => freshWallet(true)));
    const answers = await Promise.all(wallets.map((wallet, index) => hoard(wallet, catalogue[(index + 7) % catalogue.length]!, `203.0.113.${index + 1}`)));
    expect(await holdsOf(wallets)).toBe(DEFAULT_HOLDS_PER_NETWORK);
    expect(answers.filter(({ status }) => status === 201)).toHaveLength(DEFAULT_HOLDS_PER_NETWORK);
    expect(answers.filter(({ error }) => error?.startsWith(`${DEFAULT_HOLDS_PER_NETWORK} watches are held from your network already`))).not.toHaveLength(0);
  });

  it('holds nothing for wallets without the funds, each from an address of its own', async () => {
    const wallets = await Promise.all(Array.from({ length: 10 }, () => freshWallet(false)));
    const answers = await Promise.all(wallets.map((wallet, index) => hoard(wallet, catalogue[index]!, `100.64.${index}.9`)));
    for (const [index, answer] of answers.entries()) {
      const required = lamportsToDecimalSol(solToLamports(catalogue[index]!.price_sol) + PAYMENT_FEE_ALLOWANCE_LAMPORTS);
      expect(answer).toEqual({ status: 409, error: `Insufficient SOL balance. Required: ${required} SOL, Available: 0.0000 SOL` });
    }
    expect(await holdsOf(wallets)).toBe(0);
  });

  it('lets a funded buyer with two tabs and a reload buy: one expiry, then paid and sold', async () => {
    const counts = await getStores().orders.stockCounts(catalogue.map((watch) => watch.id));
    const watch = catalogue.find((candidate) => candidate.stock === 1 && (counts[candidate.id]?.held ?? 0) === 0)!;
    const buyer = await freshWallet(true);
    const socket = '192.0.2.80';
    const session = await signInThroughRoutes(buyer, SITE, fromSocket(socket));
    if (!('cookie' in session)) throw new Error(`The buyer could not sign in (${session.refused})`);
    const ask = async () => {
      const response = await createIntent(
        new NextRequest(new URL('/api/payments', SITE), {
          method: 'POST',
          headers: { 'content-type': 'application/json', cookie: session.cookie, ...fromSocket(socket) },
          body: JSON.stringify({ watchId: watch.id, wallet: buyer.publicKey.toBase58(), shipping }),
        }),
      );
      expect(response.status).toBe(201);
      return (await response.json()) as PaymentIntentResponse;
    };
    const [firstTab, secondTab] = await Promise.all([ask(), ask()]);
    const reloaded = await ask();
    expect(new Set([firstTab.expiresAt, secondTab.expiresAt, reloaded.expiresAt]).size).toBe(1);

    await sendPayment(shop.connection, { payer: buyer, recipient: new PublicKey(reloaded.recipient), lamports: BigInt(reloaded.lamports), reference: new PublicKey(reloaded.reference) });
    const verified = await verify(
      new Request(new URL(`/api/payments/${reloaded.orderId}/verify`, SITE), { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' }),
      { params: Promise.resolve({ id: reloaded.orderId }) },
    );
    expect(await verified.json()).toMatchObject({ status: 'paid' });
    expect(await getStores().catalog.get(watch.id)).toMatchObject({ stock: 0, available: false });
  });
});
