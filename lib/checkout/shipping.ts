import { isSingleMailbox } from '@/lib/validation/mailbox';
import { PURCHASE_MESSAGES } from './messages';

/** The shipping form of SPEC §3. */
export type ShippingDetails = { fullName: string; phone: string; email: string; address: string };

export const EMPTY_SHIPPING: ShippingDetails = { fullName: '', phone: '', email: '', address: '' };

/**
 * SPEC §5 rules 1–4, in that order: the first failing rule's message, or null. Rule 3 asks for one
 * mailbox, which contains an '@' as SPEC says, and is what the server accepts.
 */
export function shippingError(form: ShippingDetails): string | null {
  if (form.fullName.trim() === '') return PURCHASE_MESSAGES.fullNameRequired;
  if (form.phone.trim() === '') return PURCHASE_MESSAGES.phoneRequired;
  if (!isSingleMailbox(form.email.trim())) return PURCHASE_MESSAGES.emailRequired;
  if (form.address.trim() === '') return PURCHASE_MESSAGES.addressRequired;
  return null;
}
