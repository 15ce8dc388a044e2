'use client';

import { useConnection, useWallet } from '@solana/wallet-adapter-react';
import { useWalletModal } from '@solana/wallet-adapter-react-ui';
import { useEffect, useRef, useState } from 'react';
import { OnDemandWallet, useWalletForPress } from '@/components/wallet/on-demand-wallet';
import { isWalletRejection } from '@/lib/wallet/errors';
import type { ExplorerCluster } from '@/lib/wallet/explorer';
import type { RefundPaymentRequest, RefundWalletEvents } from './refund-payment';
import { refundTransaction } from './refund-transaction';

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
const NOTHING_DONE = 'nothing was sent.';

const reasonOf = (error: unknown) => (error instanceof Error && error.message ? error.message : 'no reason given');

/** A transfer the wallet declined or could not send. */
function sendFailure(error: unknown): string {
  if (isWalletRejection(error)) return 'The transfer was declined in the wallet: nothing was sent.';
  return `The transfer could not be sent (${reasonOf(error)}). Should it reach the network after all, the shop still finds it by its reference; otherwise try again.`;
}

type Props = RefundWalletEvents & {
  /** The run-time RPC endpoint and its cluster, as the admin page got them from the server. */
  chain: ExplorerCluster;
  /** A selector of the element the wallet modal is drawn in: inside the modal order dialog, or it could not be used. */
  container: string;
  /** The latest press of "Pay with a connected wallet"; null before any. */
  request: RefundPaymentRequest | null;
};

export function RefundWallet({ chain, container, request, ...events }: Props) {
  return (
    <OnDemandWallet chain={chain} storageKey={ADMIN_WALLET_STORAGE_KEY} container={container}>
      <RefundPayer request={request} events={events} />
    </OnDemandWallet>
  );
}

/** One press at a time: the wallet connected (useWalletForPress), then the refund's transfer sent. */
function RefundPayer({ request, events }: { request: RefundPaymentRequest | null; events: RefundWalletEvents }) {
  const { connection } = useConnection();
  const { connecting } = useWallet();
  const { visible } = useWalletModal();
  const [sending, setSending] = useState(false);
  const latest = useRef(events);

  useEffect(() => {
    latest.current = events;
  });

  useEffect(() => {
    latest.current.onHoldOpen(visible || connecting || sending);
  }, [visible, connecting, sending]);
  useEffect(() => () => latest.current.onHoldOpen(false), []);

  useWalletForPress(request, NOTHING_DONE, {
    phase: (phase) => request && latest.current.onPhase(request, phase),
    failed: (message) => request && latest.current.onFailed(request, message),
    ready: (adapter, payer) => {
      if (!request) return;
      void (async () => {
        setSending(true);
        latest.current.onPhase(request, 'approving');
        try {
          const recent = await connection.getLatestBlockhash();
          const signature = await adapter.sendTransaction(refundTransaction(request.refund, payer, recent), connection);
          latest.current.onSent(request, signature);
        } catch (error) {
          console.error('The wallet did not send the refund', error);
          latest.current.onFailed(request, sendFailure(error));
        } finally {
          setSending(false);
        }
      })();
    },
  });

  return null;
}
