import { connection } from 'next/server';
import type { WalletConfigResponse } from '@/lib/wallet/wallet-config';
import { parseChainConfig } from '@/lib/config';
import { parsePaymentsConfig } from '@/lib/chain/config';

/** What the browser's wallet needs, read at run time: one build serves any cluster. */
export async function GET() {
  await connection();
  const chain = parseChainConfig();
  const payments = parsePaymentsConfig();
  const body: WalletConfigResponse = {
    rpcUrl: chain.rpcUrl,
    cluster: chain.cluster,
    payments: payments.mode,
    usdcMint: payments.mode === 'solana' && payments.usdcMint ? payments.usdcMint.toBase58() : null,
  };
  return Response.json(body, { headers: { 'cache-control': 'no-store' } });
}
