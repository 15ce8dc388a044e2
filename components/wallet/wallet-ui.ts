import { useSyncExternalStore } from 'react';
import { createWalletUiStore } from '@/lib/wallet/ui-store';

/**
 * The page's one wallet UI store. The wallet runtime (adapter, web3.js, modal, purchase dialog)
 * is a separate chunk, fetched by this import() only when first needed: never in a page's
 * first-load JavaScript.
 */
export const walletUi = createWalletUiStore(() => import('./wallet-runtime'));

export function useWalletUi() {
  return useSyncExternalStore(walletUi.subscribe, walletUi.getSnapshot, walletUi.getSnapshot);
}
