import type { CertificateState, PaymentIntentResponse, PaymentStatusResponse } from '@/lib/checkout/api';
import { awaitPayment, VERIFY_INTERVAL_MS, WALLET_CONFIRMATION_TIMEOUT_MS } from './await-payment';
import { certifyPayment } from './certify-payment';
import { CHECKOUT_MESSAGES, confirmationTimeoutMessage, PURCHASE_MESSAGES, STILL_CONFIRMING_MESSAGE } from '@/lib/checkout/messages';
import { PaymentApiError, type PaymentApi } from './payment-api';
import { checkPurchase, type Purchase, type PurchaseDependencies } from './purchase';
import { shippingError } from '@/lib/checkout/shipping';
import { isWalletRejection } from '@/lib/wallet/errors';

/**
 * The real checkout (MERCHANT_WALLET set): the server's payment intent, the wallet's transaction
 * (or a phone wallet paying the intent's Solana Pay QR code), the server's verification on chain,
 * then the certificate. What touches the outside world is passed in, so these steps run the same
 * in the browser and in tests.
 */

/** The steps the dialog shows while a wallet payment runs. */
export type CheckoutStage = 'approval' | 'confirmation' | 'finality' | 'certificate';

/** Signs the buyer's wallet in (Sign-In With Solana) unless it already is: only it can hold a piece. */
export type SignIn = () => Promise<{ ok: true } | { ok: false; message: string }>;

export type CheckoutDependencies = Pick<PurchaseDependencies, 'balanceLamports' | 'balanceUsdc' | 'wait'> & {
  api: PaymentApi;
  signIn: SignIn;
  /** Builds the intent's transaction and has the wallet sign and send it; its signature. */
  sendPayment: (intent: PaymentIntentResponse) => Promise<string>;
  now: () => number;
  onStage: (stage: CheckoutStage) => void;
  signal?: AbortSignal;
};

export type CheckoutResult =
  | { ok: true; signature: string; certificate: CertificateState }
  /** message null: the buyer closed the dialog, nothing to show. */
  | { ok: false; message: string | null };

type Failure = Extract<CheckoutResult, { ok: false }>;

/** SPEC §5's checks, the intent, the wallet's payment, its verification, the certificate. */
export async function payWithWallet(purchase: Purchase, deps: CheckoutDependencies): Promise<CheckoutResult> {
  const check = await checkPurchase(purchase, deps);
  if (!check.ok) return { ok: false, message: check.message };
  const signedIn = await deps.signIn();
  if (!signedIn.ok) return signedIn;
  const intent = await createIntent(purchase, check.wallet, deps.api);
  if ('ok' in intent) return intent;

  deps.onStage('approval');
  let signature: string;
  try {
    signature = await deps.sendPayment(intent);
  } catch (error) {
    console.error('The wallet did not send the payment', error);
    // The intent holds the watch's piece: given up, the buyer (or anyone) can try again at once.
    // The server looks on chain first, so a payment that went out after all is never lost.
    await deps.api.cancel(intent.orderId).catch(() => null);
    return { ok: false, message: isWalletRejection(error) ? CHECKOUT_MESSAGES.walletRejected : PURCHASE_MESSAGES.paymentFailed };
  }

  deps.onStage('confirmation');
  const deadline = deps.now() + WALLET_CONFIRMATION_TIMEOUT_MS;
  return settled({ orderId: intent.orderId, signature, deadline }, confirmationTimeoutMessage(signature), deps);
}

/**
 * The phone-wallet path, first half: SPEC §5 rules 1–4, the sign-in of the wallet connected here
 * (the hold is its), then the intent its QR code shows.
 */
export async function startPhonePayment(
  purchase: Omit<Purchase, 'wallet'>,
  { api, signIn }: Pick<CheckoutDependencies, 'api' | 'signIn'>,
): Promise<PaymentIntentResponse | Failure> {
  const formError = shippingError(purchase.shipping);
  if (formError) return { ok: false, message: formError };
  const signedIn = await signIn();
  if (!signedIn.ok) return signedIn;
  return createIntent(purchase, null, api);
}

/** The phone-wallet path, second half: waits for the server to find the payment, then the certificate. */
export async function awaitPhonePayment(
  intent: PaymentIntentResponse,
  deps: Omit<CheckoutDependencies, 'sendPayment' | 'balanceLamports' | 'signIn'>,
): Promise<CheckoutResult> {
  // One more look after the expiry, so the server's own word (expired, or paid in time) ends it.
  const deadline = Date.parse(intent.expiresAt) + 2 * VERIFY_INTERVAL_MS;
  return settled({ orderId: intent.orderId, deadline }, CHECKOUT_MESSAGES.qrExpired, deps);
}

async function createIntent(
  purchase: Omit<Purchase, 'wallet'>,
  wallet: string | null,
  api: PaymentApi,
): Promise<PaymentIntentResponse | Failure> {
  try {
    return await api.createIntent({ watchId: purchase.watch.id, wallet, shipping: purchase.shipping, currency: purchase.usdc ? 'USDC' : 'SOL' });
  } catch (error) {
    console.error('The payment could not be started', error);
    // A refusal says why (a watch sold out meanwhile); anything else is the spec's processing failure.
    const refused = error instanceof PaymentApiError && error.status < 500;
    return { ok: false, message: refused ? error.message : PURCHASE_MESSAGES.processingFailed };
  }
}

/**
 * Asks the server until it settles the payment (the dialog is told once it is found and waits to be
 * final), then has the certificate minted. `notFoundMessage`: the deadline passed with nothing found.
 */
async function settled(
  request: Parameters<typeof awaitPayment>[0],
  notFoundMessage: string,
  deps: Omit<CheckoutDependencies, 'sendPayment' | 'balanceLamports' | 'signIn'>,
): Promise<CheckoutResult> {
  const outcome = await awaitPayment(request, { ...deps, onConfirming: () => deps.onStage('finality') });
  if (outcome.kind === 'timeout') return { ok: false, message: outcome.confirming ? STILL_CONFIRMING_MESSAGE : notFoundMessage };
  if (outcome.kind === 'aborted') return { ok: false, message: null };
  if (outcome.kind === 'refused') return { ok: false, message: outcome.message };
  const status: PaymentStatusResponse = outcome.status;
  deps.onStage('certificate');
  const certificate = status.certificate.status === 'minted' ? status.certificate : await certifyPayment(status.orderId, deps);
  return { ok: true, signature: status.signature!, certificate };
}
