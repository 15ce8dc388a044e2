'use client';

import type { Adapter } from '@solana/wallet-adapter-base';
import type { PublicKey } from '@solana/web3.js';
import { OnDemandWallet, useWalletForPress } from '@/components/wallet/on-demand-wallet';
import { WALLET_NAME_STORAGE_KEY } from '@/lib/wallet/constants';
import type { ExplorerCluster } from '@/lib/wallet/explorer';
import type { SignInWallet } from '@/lib/wallet/sign-in';
import type { WalletAsk } from './holder-wallet';

/**
 * The holder's wallet on /verify/{mint}: the Solana wallet adapter, fetched by holder-wallet.ts's
 * import() on the first press of a holder's button, never with the page. It remembers the wallet
 * under the storefront's key, so a wallet chosen in the header is asked at once, without the modal.
 * It only connects and hands the wallet's signing functions over: nothing is sent to the chain.
 */

const NOTHING_DONE = 'nothing was signed or sent.';

export function HolderWalletRuntime({ chain, ask }: { chain: ExplorerCluster; ask: WalletAsk | null }) {
  return (
    <OnDemandWallet chain={chain} storageKey={WALLET_NAME_STORAGE_KEY} container="body">
      <HolderConnector ask={ask} />
    </OnDemandWallet>
  );
}

/** What a connected adapter signs with: the Wallet Standard's signIn where the wallet has it, else signMessage. */
function signerOf(adapter: Adapter, publicKey: PublicKey): SignInWallet {
  return {
    address: publicKey.toBase58(),
    signIn: 'signIn' in adapter ? (input) => adapter.signIn(input) : undefined,
    signMessage: 'signMessage' in adapter ? (message) => adapter.signMessage(message) : undefined,
  };
}

/** The ask's wallet, connected: it only hands the wallet's signing functions over. */
function HolderConnector({ ask }: { ask: WalletAsk | null }) {
  useWalletForPress(ask, NOTHING_DONE, {
    ready: (adapter, publicKey) => ask?.answer({ ok: true, wallet: signerOf(adapter, publicKey) }),
    failed: (message) => ask?.answer({ ok: false, message }),
  });
  return null;
}
