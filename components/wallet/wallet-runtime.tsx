'use client';

import type { Adapter } from '@solana/wallet-adapter-base';
import { ConnectionProvider, WalletProvider } from '@solana/wallet-adapter-react';
import { WalletModalProvider } from '@solana/wallet-adapter-react-ui';
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

/** Wallet Standard wallets (Phantom, Solflare, ...) register themselves: no adapter to list. */
const NO_LEGACY_ADAPTERS: Adapter[] = [];

/**
 * Everything that needs the wallet adapter and web3.js, loaded on demand by wallet-ui.ts: the
 * providers, the header control in place of the placeholder, the wallet modal and the purchase
 * dialog. Only ever rendered in the browser, so auto-connect cannot cause a hydration mismatch.
 */
export function WalletRuntime() {
  const { purchase } = useWalletUi();
  return (
    <ConnectionProvider endpoint={RPC_ENDPOINT} config={{ commitment: 'confirmed' }}>
      <WalletProvider wallets={NO_LEGACY_ADAPTERS} autoConnect localStorageKey={WALLET_NAME_STORAGE_KEY}>
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
