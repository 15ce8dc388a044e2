import type { ActionParameter, ActionParameterType } from '@solana/actions';
import type { ShippingDetails } from '@/lib/checkout/shipping';

/**
 * The purchase dialog's shipping form (SPEC §3) as an Action's parameters: a blink shows them as
 * the fields of its Buy form and puts what the buyer typed into the POST's URL (and, for clients of
 * the newer spec, its `data`). The server checks them with the dialog's own rules.
 */
export const SHIPPING_PARAMETERS = [
  { name: 'fullName', label: 'Full name', type: 'text', required: true },
  { name: 'email', label: 'E-mail for your order', type: 'email', required: true },
  { name: 'phone', label: 'Phone', type: 'text', required: true },
  { name: 'address', label: 'Shipping address', type: 'textarea', required: true },
] as const satisfies readonly (ActionParameter<ActionParameterType> & { name: keyof ShippingDetails })[];
