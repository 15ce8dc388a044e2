'use client';

import { WalletAdapterNetwork, type WalletError } from '@solana/wallet-adapter-base';
import { PhantomWalletAdapter } from '@solana/wallet-adapter-phantom';
import { ConnectionProvider, WalletProvider, useConnection, useWallet } from '@solana/wallet-adapter-react';
import { useWalletModal } from '@solana/wallet-adapter-react-ui';
import { SolflareWalletAdapter } from '@solana/wallet-adapter-solflare';
import type { ConnectionConfig } from '@solana/web3.js';
import { useEffect, useMemo, useRef, useState } from 'react';
import { ConnectionTimeoutProvider } from '@/components/wallet/connection-timeout';
import { useWalletModalFocus } from '@/components/wallet/use-wallet-modal-focus';
import { WalletModalProvider } from '@/components/wallet/wallet-modal';
import { isWalletRejection } from '@/lib/wallet/errors';
import type { ExplorerCluster } from '@/lib/wallet/explorer';
import type { RefundPaymentRequest, RefundWalletEvents } from './refund-payment';
import { refundTransaction } from './refund-transaction';
import '@/components/wallet/wallet-adapter.css';
import '@/components/wallet/wallet-adapter-theme.css';

/**
 * The merchant's wallet in the admin (issue 51): the Solana wallet adapter, fetched by the order
 * dialog's import() on the first press of "Pay with a connected wallet" and never before, so
 * nothing of it is in the admin's first load or any storefront page. It connects the wallet the
 * operator chooses in the wallet modal and has it sign and send the refund's transfer; the shop's
 * server never holds the merchant's key. The server records the refund sent only once the chain
 * shows the transfer (the dialog asks it, lib/admin/refund-routes.ts).
 */

/** Where the admin remembers the merchant's wallet: apart from the storefront's, which signs a buyer in. */
const ADMIN_WALLET_STORAGE_KEY = 'orxAdminWalletName';
const CONNECTION_CONFIG: ConnectionConfig = { commitment: 'confirmed' };

/** The storefront's wallet kinds (components/wallet-runtime/wallet-runtime.tsx); Wallet Standard wallets add themselves. */
function walletKinds(cluster: ExplorerCluster['cluster']) {
  const network =
    cluster === 'mainnet-beta' ? WalletAdapterNetwork.Mainnet : cluster === 'testnet' ? WalletAdapterNetwork.Testnet : WalletAdapterNetwork.Devnet;
  return [new PhantomWalletAdapter(), new SolflareWalletAdapter({ network })];
}

const NO_WALLET_MESSAGE = 'No wallet was connected: nothing was sent.';

const reasonOf = (error: unknown) => (error instanceof Error && error.message ? error.message : 'no reason given');

/** A connection the wallet refused or could not make. */
function connectFailure(error: unknown): string {
  if (isWalletRejection(error)) return 'The connection was declined in the wallet: nothing was sent.';
  if (error instanceof Error && error.name === 'WalletNotReadyError') return 'That wallet is not installed in this browser: nothing was sent.';
  return `The wallet could not connect (${reasonOf(error)}): nothing was sent.`;
}

/** A transfer the wallet declined or could not send. */
function sendFailure(error: unknown): string {
  if (isWalletRejection(error)) return 'The transfer was declined in the wallet: nothing was sent.';
  return `The transfer could not be sent (${reasonOf(error)}). Should it reach the network after all, the shop still finds it by its reference; otherwise try again.`;
}

/** The adapter's errors are told to the operator where they matter; the default would open a wallet's site in a new tab. */
const logWalletError = (error: WalletError) => console.error('Wallet error', error);

type Props = RefundWalletEvents & {
  /** The run-time RPC endpoint and its cluster, as the admin page got them from the server. */
  chain: ExplorerCluster;
  /** A selector of the element the wallet modal is drawn in: inside the modal order dialog, or it could not be used. */
  container: string;
  /** The latest press of "Pay with a connected wallet"; null before any. */
  request: RefundPaymentRequest | null;
};

export function RefundWallet({ chain, container, request, ...events }: Props) {
  const wallets = useMemo(() => walletKinds(chain.cluster), [chain.cluster]);
  return (
    <ConnectionProvider endpoint={chain.rpcUrl} config={CONNECTION_CONFIG}>
      <WalletProvider wallets={wallets} localStorageKey={ADMIN_WALLET_STORAGE_KEY} onError={logWalletError}>
        <ConnectionTimeoutProvider>
          <WalletModalProvider container={container}>
            <WalletModalFocus />
            <RefundPayer request={request} events={events} />
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

/** How far one press has come: the modal asked for and seen open, a connection tried, and whether it has ended. */
type Progress = { id: number; asked: boolean; shown: boolean; tried: boolean; done: boolean };

/**
 * One press at a time: with a wallet connected, the transfer is sent at once; with one chosen
 * before, it is asked to connect; with none, the wallet modal opens, and closing it without a
 * choice ends the press with nothing sent.
 */
function RefundPayer({ request, events }: { request: RefundPaymentRequest | null; events: RefundWalletEvents }) {
  const { connection } = useConnection();
  const { wallet, publicKey, connected, connecting, connect, select, sendTransaction } = useWallet();
  const { visible, setVisible } = useWalletModal();
  const [sending, setSending] = useState(false);
  const latest = useRef(events);
  const progress = useRef<Progress | null>(null);

  useEffect(() => {
    latest.current = events;
  });

  useEffect(() => {
    latest.current.onHoldOpen(visible || connecting || sending);
  }, [visible, connecting, sending]);
  useEffect(() => () => latest.current.onHoldOpen(false), []);

  useEffect(() => {
    if (!request) return;
    if (progress.current?.id !== request.id) progress.current = { id: request.id, asked: false, shown: false, tried: false, done: false };
    const step = progress.current;
    if (step.done) return;
    const fail = (message: string) => {
      if (step.done) return;
      step.done = true;
      latest.current.onFailed(request, message);
    };

    if (connected && publicKey) {
      step.done = true;
      setVisible(false);
      const payer = publicKey;
      void (async () => {
        setSending(true);
        latest.current.onPhase(request, 'approving');
        try {
          const recent = await connection.getLatestBlockhash();
          const signature = await sendTransaction(refundTransaction(request.refund, payer, recent), connection);
          latest.current.onSent(request, signature);
        } catch (error) {
          console.error('The wallet did not send the refund', error);
          latest.current.onFailed(request, sendFailure(error));
        } finally {
          setSending(false);
        }
      })();
      return;
    }
    if (connecting) {
      latest.current.onPhase(request, 'connecting');
      return;
    }
    if (wallet) {
      // Chosen now or remembered from before: asked once to connect. A refusal or a time-out drops
      // the choice (the adapter's provider, ConnectionTimeoutProvider), which ends the press below.
      if (!step.tried) {
        step.tried = true;
        latest.current.onPhase(request, 'connecting');
        connect().catch((error: unknown) => {
          // A wallet remembered but not installed stays chosen: dropped, the next press offers the modal.
          if (error instanceof Error && error.name === 'WalletNotReadyError') select(null);
          fail(connectFailure(error));
        });
      }
      return;
    }
    if (visible) {
      step.shown = true;
      return;
    }
    if (!step.asked) {
      step.asked = true;
      latest.current.onPhase(request, 'choosing');
      setVisible(true);
      return;
    }
    // The modal was closed with no wallet chosen, or the chosen one did not connect.
    if (step.shown || step.tried) fail(NO_WALLET_MESSAGE);
  }, [request, wallet, publicKey, connected, connecting, visible, connect, select, setVisible, sendTransaction, connection]);

  return null;
}
