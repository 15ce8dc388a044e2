import type { Cluster } from '@/lib/config';

/** GET /api/wallet-config: what the browser needs at run time (one build serves any cluster). */
export type WalletConfigResponse = {
  rpcUrl: string;
  /** The Solscan/Explorer cluster of the RPC endpoint. */
  cluster: Cluster;
  /** 'solana' when MERCHANT_WALLET is set (real payments), else the spec's simulated purchase. */
  payments: 'solana' | 'simulated';
  /** The mint USDC is paid in when the shop takes USDC too (PAYMENT_CURRENCIES=SOL,USDC); null: SOL only. */
  usdcMint: string | null;
};

const CLUSTERS: readonly WalletConfigResponse['cluster'][] = ['devnet', 'testnet', 'mainnet-beta', 'custom'];
const PAYMENT_MODES: readonly WalletConfigResponse['payments'][] = ['solana', 'simulated'];
const ADDRESS = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/;

/**
 * The browser's chain settings, asked of the server at run time (GET /api/wallet-config), so one
 * build serves Devnet, a local chain or any other cluster. A failed or malformed answer throws:
 * the wallet runtime then fails to load and is tried again on the next wallet interaction. Read
 * by the wallet runtime's chunk (components/wallet/wallet-ui.ts asks, uncached), so these checks
 * are not part of any page's first load.
 */
export async function readWalletConfig(response: Response): Promise<WalletConfigResponse> {
  if (!response.ok) throw new Error(`GET /api/wallet-config answered ${response.status}`);
  const body = (await response.json()) as Partial<WalletConfigResponse> | null;
  if (
    typeof body?.rpcUrl !== 'string' ||
    !CLUSTERS.includes(body.cluster as WalletConfigResponse['cluster']) ||
    !PAYMENT_MODES.includes(body.payments as WalletConfigResponse['payments']) ||
    !(body.usdcMint === null || (typeof body.usdcMint === 'string' && ADDRESS.test(body.usdcMint)))
  ) {
    throw new Error('GET /api/wallet-config answered an unexpected body');
  }
  return { rpcUrl: body.rpcUrl, cluster: body.cluster!, payments: body.payments!, usdcMint: body.usdcMint };
}
