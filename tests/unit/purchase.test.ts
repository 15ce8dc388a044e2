import { describe, expect, it, vi } from 'vitest';
import { MINT_DELAY_MS, PAYMENT_DELAY_MS } from '@/lib/checkout/constants';
import { nftCertificate } from '@/lib/certificate/nft-metadata';
import { checkPurchase, payAndMint, type Purchase } from '@/lib/checkout/browser/purchase';
import { shippingError } from '@/lib/checkout/shipping';
import { simulatedSignature } from '@/lib/checkout/browser/signature';
import { PURCHASE_WATCH } from '../support/purchase-fixtures';

const watch = PURCHASE_WATCH;
const shipping = { fullName: ' Ada Lovelace ', phone: '+44 20 7946 0000', email: 'ada@example.com', address: '12 St James Square' };
const wallet = '9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin';
const purchase: Purchase = { watch, wallet, shipping };
const lamports = (sol: number) => async () => sol * 1e9;

describe('the shipping form (SPEC §5 rules 1–4, in order)', () => {
  it.each([
    [{ fullName: '  ' }, 'Full name is required'],
    [{ fullName: '', phone: '' }, 'Full name is required'],
    [{ phone: ' ' }, 'Phone number is required'],
    [{ phone: '', email: '' }, 'Phone number is required'],
    [{ email: '' }, 'Valid email is required'],
    [{ email: 'ada.example.com' }, 'Valid email is required'],
    [{ email: 'ada@example.com', address: '\t' }, 'Delivery address is required'],
  ])('%o → %s', (change, message) => {
    expect(shippingError({ ...shipping, ...change })).toBe(message);
  });

  it('accepts a complete form', () => {
    expect(shippingError(shipping)).toBeNull();
  });
});

describe('checking a purchase (SPEC §5 rules 1–7)', () => {
  it('checks the form before the wallet, and the wallet before the balance', async () => {
    const balanceLamports = vi.fn(lamports(1000));
    expect(await checkPurchase({ ...purchase, wallet: null, shipping: { ...shipping, address: '' } }, { balanceLamports })).toEqual({
      ok: false,
      message: 'Delivery address is required',
    });
    expect(await checkPurchase({ ...purchase, wallet: null }, { balanceLamports })).toEqual({
      ok: false,
      message: 'Please connect your wallet first',
    });
    expect(balanceLamports).not.toHaveBeenCalled();
  });

  it('refuses a balance below the price, with the balance to 4 decimals', async () => {
    expect(await checkPurchase(purchase, { balanceLamports: async () => 1_234_567_891 })).toEqual({
      ok: false,
      message: 'Insufficient SOL balance. Required: 85.5 SOL, Available: 1.2346 SOL',
    });
  });

  it('accepts a balance equal to the price, read for the connected wallet', async () => {
    const balanceLamports = vi.fn(lamports(85.5));
    expect(await checkPurchase(purchase, { balanceLamports })).toEqual({ ok: true, wallet });
    expect(balanceLamports).toHaveBeenCalledWith(wallet);
  });

  it('says the payment could not be processed when the balance cannot be read', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const result = await checkPurchase(purchase, { balanceLamports: async () => Promise.reject(new Error('RPC down')) });
    expect(result).toEqual({ ok: false, message: 'Failed to process payment. Please try again.' });
    expect(logged).toHaveBeenCalledWith('Failed to check wallet balance', expect.any(Error));
    logged.mockRestore();
  });

  it('never sells a sold-out watch', async () => {
    const result = await checkPurchase({ ...purchase, watch: { ...watch, available: false } }, { balanceLamports: lamports(1000) });
    expect(result.ok).toBe(false);
  });
});

describe('the simulated payment and mint', () => {
  it('waits 3 s for the payment, then 2 s for the mint, and returns the receipt', async () => {
    const waits: number[] = [];
    const receipt = await payAndMint({ ...purchase, wallet }, {
      balanceLamports: lamports(100),
      wait: async (ms) => void waits.push(ms),
      signature: () => 'S'.repeat(88),
    });
    expect(waits).toEqual([PAYMENT_DELAY_MS, MINT_DELAY_MS]);
    expect(waits).toEqual([3000, 2000]);
    expect(receipt.txHash).toBe('S'.repeat(88));
    expect(receipt.order).toEqual({
      wallet,
      txHash: 'S'.repeat(88),
      // The mint data values SOL at the fixed 180.25 USD (SPEC §9), not the live price.
      usdAmount: 15411.38,
      solAmount: 85.5,
      name: 'Ada Lovelace',
      phone: '+44 20 7946 0000',
      email: 'ada@example.com',
      address: '12 St James Square',
      watch: { id: watch.id, brand: 'Rolex', model: 'Submariner Date 126610LN' },
    });
    expect(receipt.certificate.attributes).toContainEqual({ trait_type: 'Transaction Hash', value: 'S'.repeat(88) });
  });

  it("answers 'Payment failed. Please try again.' when the payment or the mint fails", async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    let calls = 0;
    const failOn = (n: number) => async () => {
      calls += 1;
      if (calls === n) throw new Error('simulated failure');
    };
    for (const n of [1, 2]) {
      calls = 0;
      await expect(payAndMint({ ...purchase, wallet }, { balanceLamports: lamports(100), wait: failOn(n) })).rejects.toThrow(
        'Payment failed. Please try again.',
      );
    }
    expect(logged).toHaveBeenCalledWith('Failed to mint NFT', expect.any(Error));
    logged.mockRestore();
  });
});

describe('the simulated signature', () => {
  it('is 88 base58 characters and never repeats', () => {
    const signatures = new Set(Array.from({ length: 200 }, () => simulatedSignature()));
    expect(signatures.size).toBe(200);
    for (const signature of signatures) expect(signature).toMatch(/^[1-9A-HJ-NP-Za-km-z]{88}$/);
  });

  it('maps random bytes onto the base58 alphabet in order', () => {
    let next = 0;
    const signature = simulatedSignature((length) => Uint8Array.from({ length }, () => next++ % 256));
    expect(signature).toBe('123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz123456789ABCDEFGHJKLMNPQRSTUVW');
  });
});

describe('the NFT certificate metadata (SPEC §3)', () => {
  it('has the ORX symbol, the certificate image and every attribute', () => {
    const certificate = nftCertificate({ watch, wallet, txHash: 'T'.repeat(88), shipping });
    expect(certificate).toEqual({
      name: 'Rolex Submariner Date 126610LN Certificate',
      symbol: 'ORX',
      description: 'Certificate of authenticity and ownership for the Rolex Submariner Date 126610LN, issued by ORX.',
      image: '/images/watches/rolex-submariner-date-126610ln-nft.svg',
      attributes: [
        { trait_type: 'Watch Model', value: 'Submariner Date 126610LN' },
        { trait_type: 'Brand', value: 'Rolex' },
        { trait_type: 'SOL Paid', value: '85.5' },
        { trait_type: 'Wallet Address', value: wallet },
        { trait_type: 'Transaction Hash', value: 'T'.repeat(88) },
        { trait_type: 'Customer Name', value: 'Ada Lovelace' },
        { trait_type: 'Email', value: 'ada@example.com' },
        { trait_type: 'Shipping Address', value: '12 St James Square' },
      ],
    });
  });

  it('falls back to the first image without an nft_image', () => {
    expect(nftCertificate({ watch: { ...watch, specs: {} }, wallet, txHash: 'T', shipping }).image).toBe(watch.image_urls[0]);
  });
});
