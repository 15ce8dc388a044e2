import type { CertificateState, PaymentIntentResponse } from '@/lib/checkout/api';
import type { CheckoutStage } from './pay';
import { EMPTY_SHIPPING, type ShippingDetails } from '@/lib/checkout/shipping';

/**
 * The purchase dialog's steps (SPEC §2, §4): the form, then the payment, then the success screen.
 * A failure returns to the form with what was typed and the message. The real checkout shows
 * which step the payment is at (`stage`; null for the spec's simulated payment), or the Solana
 * Pay QR code a phone wallet pays, and completes with the certificate's state.
 */
export type PurchaseDialogState =
  /** signingIn: the wallet is asked to sign the shop's sign-in message, before anything is held. */
  | { step: 'form'; shipping: ShippingDetails; checking: boolean; signingIn: boolean; error: string | null }
  | { step: 'processing'; shipping: ShippingDetails; stage: CheckoutStage | null }
  | { step: 'qr'; shipping: ShippingDetails; intent: PaymentIntentResponse; confirming: boolean; minting: boolean }
  | { step: 'complete'; txHash: string; orderError: string | null; certificate: CertificateState | null };

export type PurchaseDialogAction =
  | { type: 'edit'; field: keyof ShippingDetails; value: string }
  | { type: 'submit' }
  | { type: 'signing' }
  | { type: 'rejected'; message: string }
  | { type: 'accepted' }
  | { type: 'stage'; stage: CheckoutStage }
  | { type: 'qr'; intent: PaymentIntentResponse }
  | { type: 'completed'; txHash: string; orderError: string | null; certificate?: CertificateState }
  | { type: 'reset' };

export const INITIAL_PURCHASE_DIALOG: PurchaseDialogState = {
  step: 'form',
  shipping: EMPTY_SHIPPING,
  checking: false,
  signingIn: false,
  error: null,
};

type FormState = Extract<PurchaseDialogState, { step: 'form' }>;
const checking = (state: PurchaseDialogState): state is FormState => state.step === 'form' && state.checking;

export function purchaseDialogReducer(state: PurchaseDialogState, action: PurchaseDialogAction): PurchaseDialogState {
  switch (action.type) {
    case 'edit':
      if (state.step !== 'form') return state;
      return { ...state, shipping: { ...state.shipping, [action.field]: action.value } };
    case 'submit':
      if (state.step !== 'form' || state.checking) return state;
      return { ...state, checking: true, error: null };
    case 'signing':
      if (!checking(state)) return state;
      return { ...state, signingIn: true };
    case 'rejected':
      // From the checks or from the payment: back to the form, keeping what was typed.
      if (state.step === 'complete') return state;
      return { step: 'form', shipping: state.shipping, checking: false, signingIn: false, error: action.message };
    case 'accepted':
      if (!checking(state)) return state;
      return { step: 'processing', shipping: state.shipping, stage: null };
    case 'stage':
      if (state.step === 'qr') {
        if (action.stage === 'finality') return { ...state, confirming: true };
        return action.stage === 'certificate' ? { ...state, minting: true } : state;
      }
      if (state.step === 'processing' || checking(state)) return { step: 'processing', shipping: state.shipping, stage: action.stage };
      return state;
    case 'qr':
      if (!checking(state)) return state;
      return { step: 'qr', shipping: state.shipping, intent: action.intent, confirming: false, minting: false };
    case 'completed':
      if (state.step !== 'processing' && state.step !== 'qr') return state;
      return { step: 'complete', txHash: action.txHash, orderError: action.orderError, certificate: action.certificate ?? null };
    case 'reset':
      return INITIAL_PURCHASE_DIALOG;
  }
}
