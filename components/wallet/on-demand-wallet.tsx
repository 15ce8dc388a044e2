'use client';

import { WalletAdapterNetwork, type Adapter, type WalletError } from '@solana/wallet-adapter-base';
import { PhantomWalletAdapter } from '@solana/wallet-adapter-phantom';
import { ConnectionProvider, WalletProvider, useWallet } from '@solana/wallet-adapter-react';
import { useWalletModal } from '@solana/wallet-adapter-react-ui';
import { SolflareWalletAdapter } from '@solana/wallet-adapter-solflare';
import type { ConnectionConfig, PublicKey } from '@solana/web3.js';
import { useEffect, useMemo, useRef, type ReactNode } from 'react';
import { isWalletRejection } from '@/lib/wallet/errors';
import type { ExplorerCluster } from '@/lib/wallet/explorer';
import { ConnectionTimeoutProvider } from './connection-timeout';
import { useWalletModalFocus } from './use-wallet-modal-focus';
import { WalletModalProvider } from './wallet-modal';
import './wallet-adapter.css';
import './wallet-adapter-theme.css';

/**
 * A wallet connected for one kind of press, apart from the storefront header's: the admin's refund
 * wallet (components/admin/orders/refund-wallet.tsx) and the certificate holder's on /verify
 * (components/verify/holder-wallet-runtime.tsx). Each is fetched by an import() on its first press,
 * never with a page; this is the adapter stack they share.
 */

const CONNECTION_CONFIG: ConnectionConfig = { commitment: 'confirmed' };

/** The storefront's wallet kinds (components/wallet-runtime/wallet-runtime.tsx); Wallet Standard wallets add themselves. */
function walletKinds(cluster: ExplorerCluster['cluster']) {
  const network =
    cluster === 'mainnet-beta' ? WalletAdapterNetwork.Mainnet : cluster === 'testnet' ? WalletAdapterNetwork.Testnet : WalletAdapterNetwork.Devnet;
  return [new PhantomWalletAdapter(), new SolflareWalletAdapter({ network })];
}

/** The adapter's errors are told where they matter; the default would open a wallet's site in a new tab. */
const logWalletError = (error: WalletError) => console.error('Wallet error', error);

function WalletModalFocus() {
  useWalletModalFocus();
  return null;
}

type Props = {
  chain: ExplorerCluster;
  /** Where the chosen wallet is remembered. */
  storageKey: string;
  /** A selector of the element the wallet modal is drawn in. */
  container: string;
  children: ReactNode;
};

export function OnDemandWallet({ chain, storageKey, container, children }: Props) {
  const wallets = useMemo(() => walletKinds(chain.cluster), [chain.cluster]);
  return (
    <ConnectionProvider endpoint={chain.rpcUrl} config={CONNECTION_CONFIG}>
      <WalletProvider wallets={wallets} localStorageKey={storageKey} onError={logWalletError}>
        <ConnectionTimeoutProvider>
          <WalletModalProvider container={container}>
            <WalletModalFocus />
            {children}
          </WalletModalProvider>
        </ConnectionTimeoutProvider>
      </WalletProvider>
    </ConnectionProvider>
  );
}

/** Why a connection failed, ending with what was not done (`nothing was sent.`). */
export function connectFailure(error: unknown, nothingDone: string): string {
  if (isWalletRejection(error)) return `The connection was declined in the wallet: ${nothingDone}`;
  if (error instanceof Error && error.name === 'WalletNotReadyError') return `That wallet is not installed in this browser: ${nothingDone}`;
  const reason = error instanceof Error && error.message ? error.message : 'no reason given';
  return `The wallet could not connect (${reason}): ${nothingDone}`;
}

/** What a press is told while it waits: the wallet modal is open to choose, or a connection is under way. */
export type PressPhase = 'choosing' | 'connecting';

export type PressHandlers = {
  /** The wallet is connected: the press does its work with it (read from the adapter itself). */
  ready: (adapter: Adapter, publicKey: PublicKey) => void;
  failed: (message: string) => void;
  phase?: (phase: PressPhase) => void;
};

/** How far one press has come: the modal asked for and seen open, a connection tried, and whether it has ended. */
type Progress = { id: number; asked: boolean; shown: boolean; tried: boolean; done: boolean };

/**
 * A connected wallet for each press, one press at a time: with a wallet connected, it is handed
 * over at once; with one chosen before, it is asked to connect; with none, the wallet modal opens,
 * and closing it without a choice ends the press with `nothingDone` said. The wallet is read from
 * its adapter, not from this provider's state: the storefront's header may hold the same wallet in
 * a provider of its own, and this provider's state then need not change when it connects.
 */
export function useWalletForPress(press: { id: number } | null, nothingDone: string, handlers: PressHandlers) {
  const { wallet, connected, connecting, connect, select } = useWallet();
  const { visible, setVisible } = useWalletModal();
  const latest = useRef(handlers);
  const progress = useRef<Progress | null>(null);

  useEffect(() => {
    latest.current = handlers;
  });

  useEffect(() => {
    if (!press) return;
    if (progress.current?.id !== press.id) progress.current = { id: press.id, asked: false, shown: false, tried: false, done: false };
    const step = progress.current;
    if (step.done) return;
    const end = (then: () => void) => {
      if (step.done) return;
      step.done = true;
      then();
    };
    const noWallet = () => end(() => latest.current.failed(`No wallet was connected: ${nothingDone}`));
    const readyWith = (adapter: Adapter) => {
      const publicKey = adapter.publicKey;
      if (!publicKey) return noWallet();
      setVisible(false);
      end(() => latest.current.ready(adapter, publicKey));
    };

    const adapter = wallet?.adapter;
    if (adapter?.connected) return readyWith(adapter);
    if (connecting) {
      latest.current.phase?.('connecting');
      return;
    }
    if (adapter) {
      // Chosen now or remembered from before: asked once to connect. A refusal or a time-out drops
      // the choice (the adapter's provider, ConnectionTimeoutProvider), which ends the press below.
      if (!step.tried) {
        step.tried = true;
        latest.current.phase?.('connecting');
        connect().then(
          () => readyWith(adapter),
          (error: unknown) => {
            // A wallet remembered but not installed stays chosen: dropped, the next press offers the modal.
            if (error instanceof Error && error.name === 'WalletNotReadyError') select(null);
            end(() => latest.current.failed(connectFailure(error, nothingDone)));
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
      latest.current.phase?.('choosing');
      setVisible(true);
      return;
    }
    // The modal was closed with no wallet chosen, or the chosen one did not connect.
    if (step.shown || step.tried) noWallet();
  }, [press, wallet, connected, connecting, visible, connect, select, setVisible, nothingDone]);
}
