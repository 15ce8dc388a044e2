import { describe, expect, it } from 'vitest';
import type { PaymentIntentResponse } from '@/lib/checkout/api';
import { INITIAL_PURCHASE_DIALOG, purchaseDialogReducer, type PurchaseDialogAction, type PurchaseDialogState } from '@/lib/checkout/browser/dialog-state';

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
      signingIn: false,
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
      signingIn: false,
      error: 'Phone number is required',
    });
    expect(purchaseDialogReducer(failed, { type: 'submit' })).toMatchObject({ checking: true, error: null });
  });

  it('says the wallet is signing in while the checks run, and forgets it when the sign-in fails or the payment starts', () => {
    expect(run(...typed, { type: 'signing' })).toMatchObject({ step: 'form', signingIn: false });
    const signing = run(...typed, { type: 'submit' }, { type: 'signing' });
    expect(signing).toMatchObject({ step: 'form', checking: true, signingIn: true });
    const declined = 'You declined the sign-in in your wallet. Nothing was shared.';
    expect(purchaseDialogReducer(signing, { type: 'rejected', message: declined })).toMatchObject({
      step: 'form',
      checking: false,
      signingIn: false,
      error: declined,
    });
    expect(purchaseDialogReducer(signing, { type: 'accepted' })).toMatchObject({ step: 'processing' });
  });

  it('goes form → payment → success', () => {
    const paying = run(...typed, { type: 'submit' }, { type: 'accepted' });
    expect(paying).toEqual({ step: 'processing', shipping: expect.objectContaining({ fullName: 'Ada Lovelace' }), stage: null });
    expect(purchaseDialogReducer(paying, { type: 'completed', txHash: 'abc', orderError: null })).toEqual({
      step: 'complete',
      txHash: 'abc',
      orderError: null,
      certificate: null,
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

describe('the real checkout steps', () => {
  const intent: PaymentIntentResponse = {
    orderId: 'o-1',
    recipient: 'merchant',
    reference: 'reference',
    lamports: '1000',
    amountSol: '0.000001',
    currency: 'SOL',
    amount: '0.000001',
    expiresAt: '2026-11-23T09:10:00.000Z',
    memo: 'o-1',
    transactionRequestUrl: 'solana:https://orx.example/api/pay/o-1',
    solanaPayUrl: 'solana:merchant?amount=0.000001',
  };
  const minted = { status: 'minted', mint: 'mint' } as const;

  it("walks the wallet's approval, the confirmation on Solana and the minting, then completes with the certificate", () => {
    const approving = run(...typed, { type: 'submit' }, { type: 'stage', stage: 'approval' });
    expect(approving).toMatchObject({ step: 'processing', stage: 'approval', shipping: { fullName: 'Ada Lovelace' } });
    const minting = [{ type: 'stage', stage: 'confirmation' } as const, { type: 'stage', stage: 'certificate' } as const].reduce(
      purchaseDialogReducer,
      approving,
    );
    expect(minting).toMatchObject({ step: 'processing', stage: 'certificate' });
    expect(purchaseDialogReducer(minting, { type: 'completed', txHash: 'sig', orderError: null, certificate: minted })).toEqual({
      step: 'complete',
      txHash: 'sig',
      orderError: null,
      certificate: minted,
    });
  });

  it('returns from any payment step to the form with what was typed, and ignores a stage on the form', () => {
    const confirming = run(...typed, { type: 'submit' }, { type: 'stage', stage: 'approval' }, { type: 'stage', stage: 'confirmation' });
    expect(purchaseDialogReducer(confirming, { type: 'rejected', message: 'declined' })).toMatchObject({
      step: 'form',
      error: 'declined',
      checking: false,
      shipping: { fullName: 'Ada Lovelace' },
    });
    const form = run(...typed);
    expect(purchaseDialogReducer(form, { type: 'stage', stage: 'approval' })).toBe(form);
  });

  it('shows the QR code of the intent, marks the minting, then completes; closing it is a rejection back to the form', () => {
    const qr = run(...typed, { type: 'submit' }, { type: 'qr', intent });
    expect(qr).toEqual({ step: 'qr', shipping: expect.objectContaining({ fullName: 'Ada Lovelace' }), intent, confirming: false, minting: false });
    expect(purchaseDialogReducer(qr, { type: 'stage', stage: 'finality' })).toMatchObject({ step: 'qr', confirming: true, minting: false });
    expect(purchaseDialogReducer(qr, { type: 'stage', stage: 'confirmation' })).toBe(qr);
    const minting = purchaseDialogReducer(qr, { type: 'stage', stage: 'certificate' });
    expect(minting).toMatchObject({ step: 'qr', minting: true });
    expect(purchaseDialogReducer(minting, { type: 'completed', txHash: 'sig', orderError: null, certificate: minted })).toMatchObject({
      step: 'complete',
      certificate: minted,
    });
    expect(purchaseDialogReducer(qr, { type: 'rejected', message: 'expired' })).toMatchObject({ step: 'form', error: 'expired' });
    // Only from the checks: not from an idle form.
    expect(purchaseDialogReducer(run(...typed), { type: 'qr', intent })).toMatchObject({ step: 'form' });
  });
});
