import { PURCHASE_MESSAGES } from './messages';

/** The shipping form of SPEC §3. */
export type ShippingDetails = { fullName: string; phone: string; email: string; address: string };

export const EMPTY_SHIPPING: ShippingDetails = { fullName: '', phone: '', email: '', address: '' };

/** SPEC §5 rules 1–4, in that order: the first failing rule's message, or null. */
export function shippingError(form: ShippingDetails): string | null {
  if (form.fullName.trim() === '') return PURCHASE_MESSAGES.fullNameRequired;
  if (form.phone.trim() === '') return PURCHASE_MESSAGES.phoneRequired;
  if (form.email.trim() === '' || !form.email.includes('@')) return PURCHASE_MESSAGES.emailRequired;
  if (form.address.trim() === '') return PURCHASE_MESSAGES.addressRequired;
  return null;
}
