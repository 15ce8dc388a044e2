import { useSyncExternalStore } from 'react';
import { createWalletUiStore } from '@/lib/wallet/ui-store';
import { fetchWalletConfig } from '@/lib/wallet/wallet-config';

/**
 * The page's one wallet UI store. The wallet runtime (adapter, web3.js, modal, purchase dialog)
 * is a separate chunk, fetched by this import() only when first needed: never in a page's
 * first-load JavaScript. The chain it talks to is asked of the server at the same moment.
 */
export const walletUi = createWalletUiStore(async () => {
  const [{ WalletRuntime }, config] = await Promise.all([import('./wallet-runtime'), fetchWalletConfig((...args) => fetch(...args))]);
  return { WalletRuntime, config };
});

export function useWalletUi() {
  return useSyncExternalStore(walletUi.subscribe, walletUi.getSnapshot, walletUi.getSnapshot);
}
