import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Connection, Keypair, LAMPORTS_PER_SOL, type PublicKey } from '@solana/web3.js';
import { closeEmbeddedDatabase } from '@/lib/db/embedded';
import { startLocalChain, type LocalChain } from './local-chain';
import { startPriceStandIn, type PriceStandIn } from './price-stand-in';

/**
 * A shop taking real payments, in the test's own process: a fresh embedded database, a local
 * Solana chain (litesvm behind JSON-RPC, standing in for Devnet) and the stand-in price service,
 * set in the environment the server reads (plus `extraEnv`); a funded merchant, certificate
 * authority and buyer.
 */
export type PaymentsShop = {
  chain: LocalChain;
  connection: Connection;
  dataDir: string;
  merchant: PublicKey;
  /** The merchant's key, which the shop never holds: a test pays refunds from it as the merchant's own wallet would. */
  merchantKey: Keypair;
  authority: Keypair;
  buyer: Keypair;
  /** The stand-in price service the shop reads its SOL/USD rate from. */
  priceService: PriceStandIn;
  /** Drops the server's per-process runtime (stores, RPC connection, price, kept verdicts), so the next call reads the environment again. */
  forgetRuntime: () => void;
  close: () => Promise<void>;
};

const holder = globalThis as typeof globalThis & { __orxStores?: unknown; __orxPayments?: unknown; __orxSolPrice?: unknown; __orxVerdicts?: unknown };

export async function startPaymentsShop(usdPerSol: number, prefix: string, extraEnv: Record<string, string> = {}): Promise<PaymentsShop> {
  const saved = { ...process.env };
  const chain = await startLocalChain();
  const priceService: PriceStandIn = await startPriceStandIn(usdPerSol);
  const connection = new Connection(chain.url, 'confirmed');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  const merchantKey = Keypair.generate();
  const merchant = merchantKey.publicKey;
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
  const forgetRuntime = () => {
    delete holder.__orxStores;
    delete holder.__orxPayments;
    delete holder.__orxSolPrice;
    delete holder.__orxVerdicts;
  };
  forgetRuntime();
  return {
    chain,
    connection,
    dataDir,
    merchant,
    merchantKey,
    authority,
    buyer,
    priceService,
    forgetRuntime,
    close: async () => {
      await closeEmbeddedDatabase(dataDir);
      forgetRuntime();
      process.env = saved;
      fs.rmSync(dataDir, { recursive: true, force: true });
      await chain.close();
      await priceService.close();
    },
  };
}
