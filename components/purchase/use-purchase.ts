'use client';

import { useConnection, useWallet } from '@solana/wallet-adapter-react';
import { getAssociatedTokenAddressSync } from '@solana/spl-token';
import { PublicKey } from '@solana/web3.js';
import { useEffect, useReducer, useRef, useState } from 'react';
import type { PaymentCurrency } from '@/lib/chain/currencies';
import type { WalletConfigResponse } from '@/lib/wallet/wallet-config';
import type { PaymentIntentResponse } from '@/lib/checkout/api';
import { awaitPhonePayment, payWithWallet, startPhonePayment, type CheckoutResult, type CheckoutStage } from '@/lib/checkout/browser/pay';
import { INITIAL_PURCHASE_DIALOG, purchaseDialogReducer } from '@/lib/checkout/browser/dialog-state';
import { PURCHASE_MESSAGES } from '@/lib/checkout/messages';
import { paymentApi } from '@/lib/checkout/browser/payment-api';
import { paymentTransaction } from '@/lib/checkout/payment-transaction';
import type { PurchaseWatch } from '@/lib/catalog/types';
import { checkPurchase, payAndMint } from '@/lib/checkout/browser/purchase';
import type { ShippingDetails } from '@/lib/checkout/shipping';
import { submitOrder } from '@/lib/checkout/browser/submit-order';
import { ensureSignedIn } from '@/lib/wallet/sign-in';

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const api = paymentApi((...args) => fetch(...args));

/**
 * The purchase of one watch (SPEC §2, §5): the checks with the balance read from the chain, then
 * either the spec's simulated payment and mint with the order stored on the server, or (real
 * payments) the server's payment intent paid by the wallet or by a phone wallet through the
 * Solana Pay QR code, verified by the server, then the certificate.
 */
export function usePurchase(watch: PurchaseWatch, payments: WalletConfigResponse['payments'], usdc: { mint: string; usd: number } | null) {
  const [state, dispatch] = useReducer(purchaseDialogReducer, INITIAL_PURCHASE_DIALOG);
  // SPEC's SOL unless the buyer chooses USDC, which the shop offers only when it takes it.
  const [currency, setCurrency] = useState<PaymentCurrency>('SOL');
  const { connection } = useConnection();
  const { publicKey, sendTransaction, signIn, signMessage } = useWallet();
  // Closing the dialog stops the polling of a payment under way.
  const closed = useRef<AbortSignal>(undefined);
  useEffect(() => {
    const controller = new AbortController();
    closed.current = controller.signal;
    return () => controller.abort();
  }, []);

  const balanceLamports = (wallet: string) => connection.getBalance(new PublicKey(wallet));
  /** The wallet's USDC: its token account for the mint, none being none. */
  const balanceUsdc = async (wallet: string) => {
    if (!usdc) return 0;
    const account = getAssociatedTokenAddressSync(new PublicKey(usdc.mint), new PublicKey(wallet), true);
    if (!(await connection.getAccountInfo(account))) return 0;
    return Number((await connection.getTokenAccountBalance(account)).value.uiAmountString ?? 0);
  };
  const payIn = usdc !== null && currency === 'USDC' ? { usdc: { usd: usdc.usd } } : {};
  const purchase = (shipping: ShippingDetails) => ({ watch, wallet: publicKey?.toBase58() ?? null, shipping, ...payIn });

  /** Only a signed-in wallet holds a piece (and sees the order under My Orders): asked once per session. */
  const signInFirst = async () => {
    if (!publicKey) return { ok: false as const, message: PURCHASE_MESSAGES.walletRequired };
    dispatch({ type: 'signing' });
    return ensureSignedIn({ address: publicKey.toBase58(), signIn, signMessage });
  };

  const checkoutDependencies = () => ({
    api,
    wait,
    now: Date.now,
    signal: closed.current,
    onStage: (stage: CheckoutStage) => dispatch({ type: 'stage', stage }),
  });

  const finish = (result: CheckoutResult) => {
    if (result.ok) dispatch({ type: 'completed', txHash: result.signature, orderError: null, certificate: result.certificate });
    else if (result.message !== null) dispatch({ type: 'rejected', message: result.message });
  };

  const sendPayment = async (intent: PaymentIntentResponse) => {
    if (!publicKey) throw new Error(PURCHASE_MESSAGES.walletRequired);
    const recent = await connection.getLatestBlockhash();
    return sendTransaction(paymentTransaction(intent, publicKey, recent), connection);
  };

  const submitSimulated = async (shipping: ShippingDetails) => {
    const check = await checkPurchase(purchase(shipping), { balanceLamports });
    if (!check.ok) return dispatch({ type: 'rejected', message: check.message });
    const signedIn = await signInFirst();
    if (!signedIn.ok) return dispatch({ type: 'rejected', message: signedIn.message });

    dispatch({ type: 'accepted' });
    let receipt;
    try {
      receipt = await payAndMint({ ...purchase(shipping), wallet: check.wallet }, { balanceLamports, wait });
    } catch (error) {
      return dispatch({ type: 'rejected', message: error instanceof Error ? error.message : PURCHASE_MESSAGES.paymentFailed });
    }
    // SPEC §1: the order data and the certificate are logged in the browser, as in the original.
    console.info('Order placed', receipt.order, 'NFT certificate', receipt.certificate);
    const stored = await submitOrder(receipt.order, { fetch: (...args) => fetch(...args), wait });
    // A rate-limited order was not stored: back to the form with the limit's message, not a
    // Payment Complete screen for an order that does not exist (the simulated payment moved nothing).
    if (!stored.ok && stored.limited) return dispatch({ type: 'rejected', message: stored.message });
    dispatch({ type: 'completed', txHash: receipt.txHash, orderError: stored.ok ? null : stored.message });
  };

  const submitPayment = async (shipping: ShippingDetails) =>
    finish(await payWithWallet(purchase(shipping), { ...checkoutDependencies(), balanceLamports, balanceUsdc, sendPayment, signIn: signInFirst }));

  const submit = async () => {
    if (state.step !== 'form' || state.checking) return;
    dispatch({ type: 'submit' });
    await (payments === 'solana' ? submitPayment(state.shipping) : submitSimulated(state.shipping));
  };

  /** The Solana Pay QR path: the wallet signed in here holds the watch, a phone wallet pays, this page waits for the server to see it. */
  const payWithPhone = async () => {
    if (state.step !== 'form' || state.checking) return;
    dispatch({ type: 'submit' });
    const intent = await startPhonePayment({ watch, shipping: state.shipping, ...payIn }, { api, signIn: signInFirst });
    if ('ok' in intent) return finish(intent);
    dispatch({ type: 'qr', intent });
    finish(await awaitPhonePayment(intent, checkoutDependencies()));
  };

  const edit = (field: keyof ShippingDetails, value: string) => dispatch({ type: 'edit', field, value });

  return { state, submit, payWithPhone, edit, currency, chooseCurrency: setCurrency };
}
