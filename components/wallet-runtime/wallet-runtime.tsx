'use client';

import { WalletAdapterNetwork } from '@solana/wallet-adapter-base';
import { PhantomWalletAdapter } from '@solana/wallet-adapter-phantom';
import { ConnectionProvider, WalletProvider } from '@solana/wallet-adapter-react';
import { SolflareWalletAdapter } from '@solana/wallet-adapter-solflare';
import { useMemo } from 'react';
import { PURCHASE_DIALOG_ID, PurchaseDialog } from '@/components/purchase/purchase-dialog';
import type { WalletConfigResponse } from '@/lib/wallet/wallet-config';
import { WALLET_NAME_STORAGE_KEY } from '@/lib/wallet/constants';
import { ConnectionTimeoutProvider } from '@/components/wallet/connection-timeout';
import { HeaderWalletControl } from './header-wallet-control';
import { SignInRunner } from '@/components/wallet/sign-in-runner';
import { useWalletModalFocus } from '@/components/wallet/use-wallet-modal-focus';
import { WalletModalProvider } from '@/components/wallet/wallet-modal';
import { WalletConfigContext } from '@/components/wallet/wallet-config-context';
import { useWalletUi, walletUi } from './wallet-ui';
import '@/components/wallet/wallet-adapter.css';
import '@/components/wallet/wallet-adapter-theme.css';

export { readWalletConfig } from '@/lib/wallet/wallet-config';

/**
 * The two wallet kinds of SPEC §9. Installed, they (and any other Wallet Standard wallet) register
 * themselves and the adapter uses that; not installed, the modal still offers them under 'More
 * options' or 'Already have a wallet? View options', and in a phone's browser they are Loadable:
 * connecting opens the wallet's in-app browser (SPEC §4). This module only runs in the browser.
 */
function walletKinds(cluster: WalletConfigResponse['cluster']) {
  const network =
    cluster === 'mainnet-beta' ? WalletAdapterNetwork.Mainnet : cluster === 'testnet' ? WalletAdapterNetwork.Testnet : WalletAdapterNetwork.Devnet;
  return [new PhantomWalletAdapter(), new SolflareWalletAdapter({ network })];
}

/**
 * Everything that needs the wallet adapter and web3.js, loaded on demand by wallet-ui.ts: the
 * providers, the header control in place of the placeholder, the wallet modal, the connection
 * time-out, the purchase dialog and Sign-In With Solana. Only ever rendered in the browser, so auto-connect cannot cause a hydration mismatch.
 * The RPC endpoint (SPEC §1, §9: Devnet by default) is the server's run-time SOLANA_RPC_URL.
 */
export function WalletRuntime({ config }: { config: WalletConfigResponse }) {
  const { purchase } = useWalletUi();
  const wallets = useMemo(() => walletKinds(config.cluster), [config.cluster]);
  return (
    <WalletConfigContext value={config}>
      <ConnectionProvider endpoint={config.rpcUrl} config={{ commitment: 'confirmed' }}>
        <WalletProvider wallets={wallets} autoConnect localStorageKey={WALLET_NAME_STORAGE_KEY}>
          {/* Inside the modal purchase dialog, the wallet modal must live in the dialog to be usable. */}
          <ConnectionTimeoutProvider>
            <WalletModalProvider container={purchase ? `#${PURCHASE_DIALOG_ID}` : 'body'}>
              <WalletModalFocus />
              <HeaderWalletControl />
              <SignInRunner />
              {purchase ? <PurchaseDialog key={purchase.watch.id} {...purchase} onClose={walletUi.closePurchase} /> : null}
            </WalletModalProvider>
          </ConnectionTimeoutProvider>
        </WalletProvider>
      </ConnectionProvider>
    </WalletConfigContext>
  );
}

function WalletModalFocus() {
  useWalletModalFocus();
  return null;
}
