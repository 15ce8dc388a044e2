import type { WalletConfigResponse } from './wallet-config';

/**
 * Public Solana block explorers, on the cluster the shop's RPC endpoint serves (SPEC §1, §2 name
 * Devnet; SOLANA_RPC_URL may name another). For any other endpoint (a local chain) both
 * explorers take the endpoint itself as a custom cluster.
 */
export type ExplorerCluster = Pick<WalletConfigResponse, 'cluster' | 'rpcUrl'>;

function clusterQuery({ cluster, rpcUrl }: ExplorerCluster): string {
  if (cluster === 'mainnet-beta') return '';
  if (cluster === 'custom') return `?${new URLSearchParams({ cluster: 'custom', customUrl: rpcUrl })}`;
  return `?cluster=${cluster}`;
}

export function explorerAddressUrl(address: string, chain: ExplorerCluster): string {
  return `https://explorer.solana.com/address/${encodeURIComponent(address)}${clusterQuery(chain)}`;
}

export function solscanTransactionUrl(txHash: string, chain: ExplorerCluster): string {
  return `https://solscan.io/tx/${encodeURIComponent(txHash)}${clusterQuery(chain)}`;
}
