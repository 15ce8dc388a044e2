'use client';

import { WalletAdapterNetwork } from '@solana/wallet-adapter-base';
import { PhantomWalletAdapter } from '@solana/wallet-adapter-phantom';
import { ConnectionProvider, WalletProvider } from '@solana/wallet-adapter-react';
import { WalletModalProvider } from '@solana/wallet-adapter-react-ui';
import { SolflareWalletAdapter } from '@solana/wallet-adapter-solflare';
import { clusterApiUrl } from '@solana/web3.js';
import { PURCHASE_DIALOG_ID, PurchaseDialog } from '@/components/purchase/purchase-dialog';
import { WALLET_NAME_STORAGE_KEY } from '@/lib/wallet/constants';
import { HeaderWalletControl } from './header-wallet-control';
import { useWalletModalFocus } from './use-wallet-modal-focus';
import { useWalletUi } from './wallet-ui';
import './wallet-adapter.css';
import './wallet-adapter-theme.css';

/** Solana Devnet (SPEC §1, §9), or the node NEXT_PUBLIC_SOLANA_RPC_URL names. */
const RPC_ENDPOINT = process.env.NEXT_PUBLIC_SOLANA_RPC_URL || clusterApiUrl('devnet');

/**
 * The two wallet kinds of SPEC §9. Installed, they (and any other Wallet Standard wallet) register
 * themselves and the adapter uses that; not installed, the modal still offers them under 'More
 * options' or 'Already have a wallet? View options', and in a phone's browser they are Loadable:
 * connecting opens the wallet's in-app browser (SPEC §4). This module only runs in the browser.
 */
const WALLET_KINDS = [new PhantomWalletAdapter(), new SolflareWalletAdapter({ network: WalletAdapterNetwork.Devnet })];

/**
 * Everything that needs the wallet adapter and web3.js, loaded on demand by wallet-ui.ts: the
 * providers, the header control in place of the placeholder, the wallet modal and the purchase
 * dialog. Only ever rendered in the browser, so auto-connect cannot cause a hydration mismatch.
 */
export function WalletRuntime() {
  const { purchase } = useWalletUi();
  return (
    <ConnectionProvider endpoint={RPC_ENDPOINT} config={{ commitment: 'confirmed' }}>
      <WalletProvider wallets={WALLET_KINDS} autoConnect localStorageKey={WALLET_NAME_STORAGE_KEY}>
        {/* Inside the modal purchase dialog, the wallet modal must live in the dialog to be usable. */}
        <WalletModalProvider container={purchase ? `#${PURCHASE_DIALOG_ID}` : 'body'}>
          <WalletModalFocus />
          <HeaderWalletControl />
          {purchase ? <PurchaseDialog key={purchase.watch.id} {...purchase} /> : null}
        </WalletModalProvider>
      </WalletProvider>
    </ConnectionProvider>
  );
}

function WalletModalFocus() {
  useWalletModalFocus();
  return null;
}
