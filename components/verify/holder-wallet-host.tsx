'use client';

import type { ExplorerCluster } from '@/lib/wallet/explorer';
import { useHolderWalletState } from './holder-wallet';

/** Where /verify/{mint} draws the holder's wallet runtime, once a holder's button has loaded it. */
export function HolderWalletHost({ chain }: { chain: ExplorerCluster }) {
  const { runtime, ask } = useHolderWalletState();
  return runtime ? <runtime.HolderWalletRuntime chain={chain} ask={ask} /> : null;
}
