import crypto from 'node:crypto';
import { Keypair } from '@solana/web3.js';

/**
 * The real-payment shop's keys in the end-to-end run, made from fixed seeds so the Playwright
 * config (which starts the shop) and the specs (which fund and check them) agree: the merchant
 * that receives payments, the certificate authority that mints and pays the rent, and the run's
 * USDC. Test keys for the local chain only.
 */
const keypairFrom = (label: string) => Keypair.fromSeed(crypto.createHash('sha256').update(`orx-e2e-${label}`).digest());

export const E2E_MERCHANT = keypairFrom('merchant').publicKey;
export const E2E_CERTIFICATE_AUTHORITY = keypairFrom('certificate-authority');
/** The run's USDC: a 6-decimal mint on the local chain (e2e/support/usdc-mint.ts makes it), and who mints it. */
export const E2E_USDC_MINT = keypairFrom('usdc-mint');
export const E2E_USDC_AUTHORITY = keypairFrom('usdc-authority');

/** The shop's payment settings, as its environment. */
export const E2E_CHECKOUT_ENV = {
  MERCHANT_WALLET: E2E_MERCHANT.toBase58(),
  CERTIFICATE_AUTHORITY_KEY: JSON.stringify([...E2E_CERTIFICATE_AUTHORITY.secretKey]),
  PAYMENT_CURRENCIES: 'SOL,USDC',
  USDC_MINT: E2E_USDC_MINT.publicKey.toBase58(),
};
