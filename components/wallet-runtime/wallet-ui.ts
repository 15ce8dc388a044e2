import { useSyncExternalStore } from 'react';
import { createWalletUiStore } from '@/lib/wallet/ui-store';

/**
 * The page's one wallet UI store. The wallet runtime (adapter, web3.js, modal, purchase dialog)
 * is a separate chunk, fetched by this import() only when first needed: never in a page's
 * first-load JavaScript. The chain it talks to is asked of the server at the same moment, and
 * the answer checked by the runtime's own code.
 */
export const walletUi = createWalletUiStore(async () => {
  const [{ WalletRuntime, readWalletConfig }, response] = await Promise.all([import('./wallet-runtime'), fetch('/api/wallet-config', { cache: 'no-store' })]);
  return { WalletRuntime, config: await readWalletConfig(response) };
});

export function useWalletUi() {
  return useSyncExternalStore(walletUi.subscribe, walletUi.getSnapshot, walletUi.getSnapshot);
}
