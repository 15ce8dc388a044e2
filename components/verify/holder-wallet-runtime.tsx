'use client';

import { WalletAdapterNetwork, type Adapter, type WalletError } from '@solana/wallet-adapter-base';
import { PhantomWalletAdapter } from '@solana/wallet-adapter-phantom';
import { ConnectionProvider, WalletProvider, useWallet } from '@solana/wallet-adapter-react';
import { useWalletModal } from '@solana/wallet-adapter-react-ui';
import { SolflareWalletAdapter } from '@solana/wallet-adapter-solflare';
import type { ConnectionConfig, PublicKey } from '@solana/web3.js';
import { useEffect, useMemo, useRef } from 'react';
import { ConnectionTimeoutProvider } from '@/components/wallet/connection-timeout';
import { useWalletModalFocus } from '@/components/wallet/use-wallet-modal-focus';
import { WalletModalProvider } from '@/components/wallet/wallet-modal';
import { WALLET_NAME_STORAGE_KEY } from '@/lib/wallet/constants';
import { isWalletRejection } from '@/lib/wallet/errors';
import type { ExplorerCluster } from '@/lib/wallet/explorer';
import type { SignInWallet } from '@/lib/wallet/sign-in';
import type { WalletAsk } from './holder-wallet';
import '@/components/wallet/wallet-adapter.css';
import '@/components/wallet/wallet-adapter-theme.css';

/**
 * The holder's wallet on /verify/{mint}: the Solana wallet adapter, fetched by holder-wallet.ts's
 * import() on the first press of a holder's button, never with the page. It remembers the wallet
 * under the storefront's key, so a wallet chosen in the header is asked at once, without the modal.
 * It only connects and hands the wallet's signing functions over: nothing is sent to the chain.
 */

const CONNECTION_CONFIG: ConnectionConfig = { commitment: 'confirmed' };

/** The storefront's wallet kinds (components/wallet-runtime/wallet-runtime.tsx); Wallet Standard wallets add themselves. */
function walletKinds(cluster: ExplorerCluster['cluster']) {
  const network =
    cluster === 'mainnet-beta' ? WalletAdapterNetwork.Mainnet : cluster === 'testnet' ? WalletAdapterNetwork.Testnet : WalletAdapterNetwork.Devnet;
  return [new PhantomWalletAdapter(), new SolflareWalletAdapter({ network })];
}

const NO_WALLET_MESSAGE = 'No wallet was connected: nothing was signed or sent.';

function connectFailure(error: unknown): string {
  if (isWalletRejection(error)) return 'The connection was declined in the wallet: nothing was signed or sent.';
  if (error instanceof Error && error.name === 'WalletNotReadyError') return 'That wallet is not installed in this browser: nothing was signed or sent.';
  const reason = error instanceof Error && error.message ? error.message : 'no reason given';
  return `The wallet could not connect (${reason}): nothing was signed or sent.`;
}

/** The adapter's errors are told to the holder where they matter; the default would open a wallet's site in a new tab. */
const logWalletError = (error: WalletError) => console.error('Wallet error', error);

export function HolderWalletRuntime({ chain, ask }: { chain: ExplorerCluster; ask: WalletAsk | null }) {
  const wallets = useMemo(() => walletKinds(chain.cluster), [chain.cluster]);
  return (
    <ConnectionProvider endpoint={chain.rpcUrl} config={CONNECTION_CONFIG}>
      <WalletProvider wallets={wallets} localStorageKey={WALLET_NAME_STORAGE_KEY} onError={logWalletError}>
        <ConnectionTimeoutProvider>
          <WalletModalProvider container="body">
            <WalletModalFocus />
            <HolderConnector ask={ask} />
          </WalletModalProvider>
        </ConnectionTimeoutProvider>
      </WalletProvider>
    </ConnectionProvider>
  );
}

function WalletModalFocus() {
  useWalletModalFocus();
  return null;
}

/** What a connected adapter signs with: the Wallet Standard's signIn where the wallet has it, else signMessage. */
function signerOf(adapter: Adapter, publicKey: PublicKey): SignInWallet {
  return {
    address: publicKey.toBase58(),
    signIn: 'signIn' in adapter ? (input) => adapter.signIn(input) : undefined,
    signMessage: 'signMessage' in adapter ? (message) => adapter.signMessage(message) : undefined,
  };
}

/** How far one ask has come: the modal asked for and seen open, a connection tried, and whether it has ended. */
type Progress = { id: number; asked: boolean; shown: boolean; tried: boolean; done: boolean };

/**
 * One ask at a time: with a wallet connected, it is handed over at once; with one chosen before,
 * it is asked to connect; with none, the wallet modal opens, and closing it without a choice ends
 * the ask with nothing signed (as the admin's refund wallet does, components/admin/orders/refund-wallet.tsx).
 */
function HolderConnector({ ask }: { ask: WalletAsk | null }) {
  // `connected` re-runs the effect when this provider sees the wallet connect (the modal's choice).
  const { wallet, connected, connecting, connect, select } = useWallet();
  const { visible, setVisible } = useWalletModal();
  const progress = useRef<Progress | null>(null);

  useEffect(() => {
    if (!ask) return;
    if (progress.current?.id !== ask.id) progress.current = { id: ask.id, asked: false, shown: false, tried: false, done: false };
    const step = progress.current;
    if (step.done) return;
    const end = (result: Parameters<WalletAsk['answer']>[0]) => {
      if (step.done) return;
      step.done = true;
      ask.answer(result);
    };

    if (wallet?.adapter.connected && wallet.adapter.publicKey) {
      setVisible(false);
      end({ ok: true, wallet: signerOf(wallet.adapter, wallet.adapter.publicKey) });
      return;
    }
    if (connecting) return;
    if (wallet) {
      // Chosen now or remembered from before: asked once to connect. A refusal or a time-out drops
      // the choice (the adapter's provider, ConnectionTimeoutProvider), which ends the ask below.
      if (!step.tried) {
        step.tried = true;
        const { adapter } = wallet;
        connect().then(
          // Read from the adapter itself: the storefront's header may hold the same wallet in a
          // provider of its own, and this provider's state then need not change on this connect.
          () => (adapter.publicKey ? end({ ok: true, wallet: signerOf(adapter, adapter.publicKey) }) : end({ ok: false, message: NO_WALLET_MESSAGE })),
          (error: unknown) => {
            // A wallet remembered but not installed stays chosen: dropped, the next press offers the modal.
            if (error instanceof Error && error.name === 'WalletNotReadyError') select(null);
            end({ ok: false, message: connectFailure(error) });
          },
        );
      }
      return;
    }
    if (visible) {
      step.shown = true;
      return;
    }
    if (!step.asked) {
      step.asked = true;
      setVisible(true);
      return;
    }
    // The modal was closed with no wallet chosen, or the chosen one did not connect.
    if (step.shown || step.tried) end({ ok: false, message: NO_WALLET_MESSAGE });
  }, [ask, wallet, connected, connecting, visible, connect, select, setVisible]);

  return null;
}
