import { describe, expect, it } from 'vitest';
import { INITIAL_PURCHASE_DIALOG, purchaseDialogReducer, type PurchaseDialogAction, type PurchaseDialogState } from '@/lib/purchase/dialog-state';

const run = (...actions: PurchaseDialogAction[]) => actions.reduce<PurchaseDialogState>(purchaseDialogReducer, INITIAL_PURCHASE_DIALOG);
const typed: PurchaseDialogAction[] = [
  { type: 'edit', field: 'fullName', value: 'Ada Lovelace' },
  { type: 'edit', field: 'email', value: 'ada@example.com' },
];

describe('the purchase dialog steps (SPEC §2, §4)', () => {
  it('starts on an empty form', () => {
    expect(INITIAL_PURCHASE_DIALOG).toEqual({
      step: 'form',
      shipping: { fullName: '', phone: '', email: '', address: '' },
      checking: false,
      error: null,
    });
  });

  it('keeps what is typed', () => {
    expect(run(...typed)).toMatchObject({ step: 'form', shipping: { fullName: 'Ada Lovelace', email: 'ada@example.com', phone: '' } });
  });

  it('clears the last message while the checks run, then shows the first failing one and keeps the form', () => {
    const failed = run(...typed, { type: 'submit' }, { type: 'rejected', message: 'Phone number is required' });
    expect(failed).toEqual({
      step: 'form',
      shipping: { fullName: 'Ada Lovelace', phone: '', email: 'ada@example.com', address: '' },
      checking: false,
      error: 'Phone number is required',
    });
    expect(purchaseDialogReducer(failed, { type: 'submit' })).toMatchObject({ checking: true, error: null });
  });

  it('goes form → payment → success', () => {
    const paying = run(...typed, { type: 'submit' }, { type: 'accepted' });
    expect(paying).toEqual({ step: 'processing', shipping: expect.objectContaining({ fullName: 'Ada Lovelace' }) });
    expect(purchaseDialogReducer(paying, { type: 'completed', txHash: 'abc', orderError: null })).toEqual({
      step: 'complete',
      txHash: 'abc',
      orderError: null,
    });
  });

  it('returns to the form with what was typed when the payment fails', () => {
    const failed = run(...typed, { type: 'submit' }, { type: 'accepted' }, { type: 'rejected', message: 'Payment failed. Please try again.' });
    expect(failed).toMatchObject({ step: 'form', error: 'Payment failed. Please try again.', shipping: { fullName: 'Ada Lovelace' } });
  });

  it('ignores a second submit while the checks run, and edits during the payment', () => {
    const checking = run({ type: 'submit' });
    expect(purchaseDialogReducer(checking, { type: 'submit' })).toBe(checking);
    const paying = run({ type: 'submit' }, { type: 'accepted' });
    expect(purchaseDialogReducer(paying, { type: 'edit', field: 'phone', value: '1' })).toBe(paying);
  });

  it('only completes a payment that is running, and starts over on reset', () => {
    const form = run(...typed);
    expect(purchaseDialogReducer(form, { type: 'completed', txHash: 'abc', orderError: null })).toBe(form);
    expect(purchaseDialogReducer(form, { type: 'reset' })).toEqual(INITIAL_PURCHASE_DIALOG);
  });
});
