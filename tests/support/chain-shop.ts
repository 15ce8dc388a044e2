import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Connection, Keypair, LAMPORTS_PER_SOL } from '@solana/web3.js';
import { closeEmbeddedDatabase } from '@/lib/db/embedded';
import { startLocalChain } from './local-chain';
import { startPriceStandIn } from './price-stand-in';

/**
 * The shop of a route test that takes real payments, in this process: a local Solana chain, the
 * stand-in price service, a fresh embedded database, a funded merchant, certificate authority and
 * buyer, and the environment that points the shop at them (plus `extraEnv`). The server's
 * per-process singletons are dropped so they read it; close() puts everything back.
 */

const holder = globalThis as typeof globalThis & { __orxStores?: unknown; __orxPayments?: unknown; __orxSolPrice?: unknown };

/** Makes the next call build the stores, the payment settings and the price cache afresh. */
export function forgetServerSingletons() {
  delete holder.__orxStores;
  delete holder.__orxPayments;
  delete holder.__orxSolPrice;
}

export async function openChainShop(name: string, usdPerSol: number, extraEnv: Record<string, string> = {}) {
  const saved = { ...process.env };
  const [chain, priceService] = await Promise.all([startLocalChain(), startPriceStandIn(usdPerSol)]);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `orx-${name}-`));
  const merchant = Keypair.generate().publicKey;
  const buyer = Keypair.generate();
  const authority = Keypair.generate();
  await chain.airdrop(authority.publicKey, 10n * BigInt(LAMPORTS_PER_SOL));
  await chain.airdrop(merchant, BigInt(LAMPORTS_PER_SOL));
  await chain.airdrop(buyer.publicKey, 100_000n * BigInt(LAMPORTS_PER_SOL));
  Object.assign(process.env, {
    DATA_DIR: dataDir,
    MERCHANT_WALLET: merchant.toBase58(),
    SOLANA_RPC_URL: chain.url,
    CERTIFICATE_AUTHORITY_KEY: JSON.stringify([...authority.secretKey]),
    PRICE_API_URL: priceService.url,
    SITE_URL: 'https://orx.example',
    ...extraEnv,
  });
  forgetServerSingletons();
  return {
    chain,
    connection: new Connection(chain.url, 'confirmed'),
    merchant,
    buyer,
    close: async () => {
      await closeEmbeddedDatabase(dataDir);
      forgetServerSingletons();
      process.env = saved;
      fs.rmSync(dataDir, { recursive: true, force: true });
      await Promise.all([chain.close(), priceService.close()]);
    },
  };
}

export type ChainShop = Awaited<ReturnType<typeof openChainShop>>;
