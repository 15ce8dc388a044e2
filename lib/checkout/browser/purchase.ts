import type { PurchaseWatch } from '@/lib/catalog/types';
import type { OrderInput } from '@/lib/orders/types';
import { LAMPORTS_PER_SOL } from '@/lib/chain/lamports';
import { MINT_DELAY_MS, MINT_USD_PER_SOL, PAYMENT_DELAY_MS } from '@/lib/checkout/constants';
import { insufficientBalanceMessage, insufficientUsdcBalanceMessage, PURCHASE_MESSAGES } from '@/lib/checkout/messages';
import { nftCertificate, type NftCertificate } from '@/lib/certificate/nft-metadata';
import { shippingError, type ShippingDetails } from '@/lib/checkout/shipping';
import { usdValue } from '@/lib/price/format';
import { simulatedSignature } from './signature';

/**
 * The purchase of SPEC §2/§5/§7: the checks in the spec's order, then the simulated payment (3 s)
 * and NFT mint (2 s). What touches the outside world is passed in, so the same steps run in the
 * browser and in tests.
 */

/**
 * `usdc`: the buyer pays in USDC (the shop takes it), about `usd` (the USD value shown; the server
 * fixes the exact amount). Absent: SPEC's SOL.
 */
export type Purchase = { watch: PurchaseWatch; wallet: string | null; shipping: ShippingDetails; usdc?: { usd: number } };

export type PurchaseDependencies = {
  /** The wallet's balance on chain, in lamports. */
  balanceLamports: (wallet: string) => Promise<number>;
  /** The wallet's USDC on chain, in USDC (0 without a token account); needed only to pay in USDC. */
  balanceUsdc?: (wallet: string) => Promise<number>;
  wait: (ms: number) => Promise<void>;
  signature?: () => string;
};

export type CheckResult = { ok: true; wallet: string } | { ok: false; message: string };

/** SPEC §5 purchase rules 1–7, in order; the first failure's message. */
export async function checkPurchase(purchase: Purchase, deps: Pick<PurchaseDependencies, 'balanceLamports' | 'balanceUsdc'>): Promise<CheckResult> {
  const formError = shippingError(purchase.shipping);
  if (formError) return { ok: false, message: formError };
  if (!purchase.wallet) return { ok: false, message: PURCHASE_MESSAGES.walletRequired };
  if (!purchase.watch.available) return { ok: false, message: 'This watch is sold out.' };
  if (purchase.usdc) return checkUsdcBalance(purchase.wallet, purchase.usdc.usd, deps);
  let balance: number;
  try {
    balance = (await deps.balanceLamports(purchase.wallet)) / Number(LAMPORTS_PER_SOL);
  } catch (error) {
    console.error(PURCHASE_MESSAGES.balanceCheckFailed, error);
    return { ok: false, message: PURCHASE_MESSAGES.processingFailed };
  }
  if (balance < purchase.watch.price_sol) {
    return { ok: false, message: insufficientBalanceMessage(purchase.watch.price_sol, balance) };
  }
  return { ok: true, wallet: purchase.wallet };
}

/** SPEC §5 rule 7 for a buyer paying in USDC: their USDC, not their SOL, must cover the price. */
async function checkUsdcBalance(wallet: string, usd: number, deps: Pick<PurchaseDependencies, 'balanceUsdc'>): Promise<CheckResult> {
  let balance: number;
  try {
    if (!deps.balanceUsdc) throw new Error('No USDC balance reader');
    balance = await deps.balanceUsdc(wallet);
  } catch (error) {
    console.error(PURCHASE_MESSAGES.balanceCheckFailed, error);
    return { ok: false, message: PURCHASE_MESSAGES.processingFailed };
  }
  if (balance < usd) return { ok: false, message: insufficientUsdcBalanceMessage(usd, balance) };
  return { ok: true, wallet };
}

export type Receipt = { txHash: string; certificate: NftCertificate; order: OrderInput };

/** The simulated payment, then the simulated mint; throws PURCHASE_MESSAGES.paymentFailed on failure. */
export async function payAndMint(purchase: Purchase & { wallet: string }, deps: PurchaseDependencies): Promise<Receipt> {
  let txHash: string;
  try {
    await deps.wait(PAYMENT_DELAY_MS);
    txHash = (deps.signature ?? simulatedSignature)();
  } catch (error) {
    console.error('The simulated payment failed', error);
    throw new Error(PURCHASE_MESSAGES.paymentFailed);
  }
  let certificate: NftCertificate;
  try {
    await deps.wait(MINT_DELAY_MS);
    certificate = nftCertificate({ watch: purchase.watch, wallet: purchase.wallet, txHash, shipping: purchase.shipping });
  } catch (error) {
    console.error(PURCHASE_MESSAGES.mintFailed, error);
    throw new Error(PURCHASE_MESSAGES.paymentFailed);
  }
  return { txHash, certificate, order: orderFor(purchase, txHash) };
}

/** The order webhook data of SPEC §3 for a completed purchase. */
export function orderFor(purchase: Purchase & { wallet: string }, txHash: string): OrderInput {
  const { watch, shipping } = purchase;
  return {
    wallet: purchase.wallet,
    txHash,
    usdAmount: usdValue(watch.price_sol, MINT_USD_PER_SOL),
    solAmount: watch.price_sol,
    name: shipping.fullName.trim(),
    phone: shipping.phone.trim(),
    email: shipping.email.trim(),
    address: shipping.address.trim(),
    watch: { id: watch.id, brand: watch.brand, model: watch.model },
  };
}
