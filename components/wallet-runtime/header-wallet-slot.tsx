'use client';

import { SelectWalletButton } from '@/components/wallet/wallet-button';
import { useWalletUi, walletUi } from './wallet-ui';

export { walletUi };

/**
 * The header's wallet control once the wallet UI store has loaded (header-wallet.tsx): 'Select
 * Wallet', busy while the runtime loads, then the runtime's real control in its place.
 */
export function HeaderWalletSlot() {
  const { runtime, status } = useWalletUi();
  if (runtime) return <runtime.WalletRuntime config={runtime.config} />;
  return <SelectWalletButton busy={status === 'loading'} onSelect={walletUi.requestWalletModal} onIntent={walletUi.prefetch} />;
}
