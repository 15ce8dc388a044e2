'use client';

import { useConnection, useWallet } from '@solana/wallet-adapter-react';
import { PublicKey } from '@solana/web3.js';
import { useReducer } from 'react';
import { INITIAL_PURCHASE_DIALOG, purchaseDialogReducer } from '@/lib/purchase/dialog-state';
import { PURCHASE_MESSAGES } from '@/lib/purchase/messages';
import { checkPurchase, payAndMint, type PurchaseWatch } from '@/lib/purchase/purchase';
import type { ShippingDetails } from '@/lib/purchase/shipping';
import { submitOrder } from '@/lib/purchase/submit-order';

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * The purchase of one watch (SPEC §2, §5): the checks with the balance read from the chain, the
 * simulated payment and mint, then the order stored on the server.
 */
export function usePurchase(watch: PurchaseWatch) {
  const [state, dispatch] = useReducer(purchaseDialogReducer, INITIAL_PURCHASE_DIALOG);
  const { connection } = useConnection();
  const { publicKey } = useWallet();

  const balanceLamports = (wallet: string) => connection.getBalance(new PublicKey(wallet));

  const submit = async () => {
    if (state.step !== 'form' || state.checking) return;
    dispatch({ type: 'submit' });
    const purchase = { watch, wallet: publicKey?.toBase58() ?? null, shipping: state.shipping };
    const check = await checkPurchase(purchase, { balanceLamports });
    if (!check.ok) return dispatch({ type: 'rejected', message: check.message });

    dispatch({ type: 'accepted' });
    let receipt;
    try {
      receipt = await payAndMint({ ...purchase, wallet: check.wallet }, { balanceLamports, wait });
    } catch (error) {
      return dispatch({ type: 'rejected', message: error instanceof Error ? error.message : PURCHASE_MESSAGES.paymentFailed });
    }
    // SPEC §1: the order data and the certificate are logged in the browser, as in the original.
    console.info('Order placed', receipt.order, 'NFT certificate', receipt.certificate);
    const stored = await submitOrder(receipt.order, { fetch: (...args) => fetch(...args), wait });
    dispatch({ type: 'completed', txHash: receipt.txHash, orderError: stored.ok ? null : stored.message });
  };

  const edit = (field: keyof ShippingDetails, value: string) => dispatch({ type: 'edit', field, value });

  return { state, submit, edit };
}
