import { EMPTY_SHIPPING, type ShippingDetails } from './shipping';

/**
 * The purchase dialog's steps (SPEC §2, §4): the form, then the payment, then the success screen.
 * A failure returns to the form with what was typed and the spec's message.
 */
export type PurchaseDialogState =
  | { step: 'form'; shipping: ShippingDetails; checking: boolean; error: string | null }
  | { step: 'processing'; shipping: ShippingDetails }
  | { step: 'complete'; txHash: string; orderError: string | null };

export type PurchaseDialogAction =
  | { type: 'edit'; field: keyof ShippingDetails; value: string }
  | { type: 'submit' }
  | { type: 'rejected'; message: string }
  | { type: 'accepted' }
  | { type: 'completed'; txHash: string; orderError: string | null }
  | { type: 'reset' };

export const INITIAL_PURCHASE_DIALOG: PurchaseDialogState = {
  step: 'form',
  shipping: EMPTY_SHIPPING,
  checking: false,
  error: null,
};

export function purchaseDialogReducer(state: PurchaseDialogState, action: PurchaseDialogAction): PurchaseDialogState {
  switch (action.type) {
    case 'edit':
      if (state.step !== 'form') return state;
      return { ...state, shipping: { ...state.shipping, [action.field]: action.value } };
    case 'submit':
      if (state.step !== 'form' || state.checking) return state;
      return { ...state, checking: true, error: null };
    case 'rejected':
      // From the checks or from the payment: back to the form, keeping what was typed.
      if (state.step === 'complete') return state;
      return { step: 'form', shipping: state.shipping, checking: false, error: action.message };
    case 'accepted':
      if (state.step !== 'form' || !state.checking) return state;
      return { step: 'processing', shipping: state.shipping };
    case 'completed':
      if (state.step !== 'processing') return state;
      return { step: 'complete', txHash: action.txHash, orderError: action.orderError };
    case 'reset':
      return INITIAL_PURCHASE_DIALOG;
  }
}
