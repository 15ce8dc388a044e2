import 'server-only';
import { Keypair, type PublicKey } from '@solana/web3.js';
import type { CatalogStore } from '@/lib/catalog/store';
import { paymentRequestSchema } from '@/lib/orders/schema';
import type { OrderStore } from '@/lib/orders/store';
import type { Order } from '@/lib/orders/types';
import type { PaymentIntentResponse } from '@/lib/checkout/api';
import { heldByAnotherBuyerMessage, insufficientBalanceMessage, insufficientUsdcBalanceMessage } from '@/lib/checkout/messages';
import type { HoldBounds } from '@/lib/config';
import { unitsToDecimal, USDC_DECIMALS, usdToUsdcUnits } from '@/lib/chain/currencies';
import { lamportsToDecimalSol, solToLamports } from '@/lib/chain/lamports';
import { usdValue } from '@/lib/price/format';
import { refuse, type Refusal } from '@/lib/result';
import { holdClient } from './hold-client';
import { holdAgainMessage, holdBoundMessage, staleUsdcRateMessage } from './hold-messages';
import { transactionRequestUrl } from '@/lib/checkout/transaction-request-link';
import { solanaPayUrl } from './solana-pay-url';
import type { WalletFunds } from './wallet-funds';

/** How long a buyer has to pay an intent; after that it is not payable (a late payment is refunded). */
export const PAYMENT_INTENT_TTL_MS = 10 * 60 * 1000;

/**
 * What a payment costs beyond its amount, at the least: the network's base fee for the one
 * signature of the buyer's transaction. The wallet's priority fee is its own choice and is left out,
 * so a wallet that can land the payment is never refused; a wallet with nothing beyond the price
 * (or nothing at all) cannot hold.
 */
export const PAYMENT_FEE_ALLOWANCE_LAMPORTS = 5_000n;

/**
 * How long a wallet waits, after its hold window on a watch ended unpaid, before it holds that watch
 * again. A buyer loses nothing to it: within the window every new intent (a second tab, a reload, a
 * press after the wallet declined) still holds the watch until the window's end, and ten minutes to
 * pay were not enough only for a wallet that was not paying; meanwhile the watch is another buyer's
 * turn, and a script cannot keep one watch held by asking again.
 */
export const HOLD_COOLDOWN_MS = 10 * 60 * 1000;

export const SOLD_OUT = 'This watch is sold out';
const UNKNOWN_WATCH = 'No watch with that id is in the catalogue';

export type IntentDependencies = {
  /**
   * The wallet the piece is held for: the dialog's Sign-In With Solana session (a request without
   * one is refused before), or the `account` a Solana Action's POST names, which nobody proved: the
   * balance rule, the client's bounds and the server's price are what hold a script there.
   */
  wallet: string;
  /** False for an Action's account: create_payment_intent keeps it from the signed-in owner's checkout. */
  walletSignedIn: boolean;
  /** The shop's public origin (SITE_URL), which the transaction request's link names. */
  shopOrigin: string;
  catalog: CatalogStore;
  orders: OrderStore;
  merchant: PublicKey;
  /** The server's own SOL/USD rate and when it was fetched (null: never); the client's number is never used. */
  solRate: () => Promise<{ price: number; updatedAt: string | null }>;
  /** How old that rate may be to price a USDC intent (USDC_RATE_MAX_AGE_S). */
  usdcRateMaxAgeMs: number;
  /** The signed-in wallet's funds on chain now; throws when the node cannot answer (the checkout's 503). */
  walletFunds: (wallet: string) => Promise<WalletFunds>;
  /** The address the server or its trusted proxy saw (limitedClient), never one the client wrote. */
  clientAddress: string;
  /** Open holds at most per client address and per network (HOLDS_PER_ADDRESS, HOLDS_PER_NETWORK). */
  holdBounds: HoldBounds;
  /** The mint USDC payments are made in; null when the shop takes SOL only. */
  usdcMint: PublicKey | null;
  /** How often the settlement worker runs: a lapsed hold is released within it. */
  settlementIntervalMs: number;
  now?: () => Date;
  newReference?: () => PublicKey;
};

/**
 * `held`: every piece is held by other buyers; `heldUntil` is when to try again. `other-wallet`:
 * the request names a wallet other than the signed-in one (the page signs it in and asks again).
 */
export type IntentResult =
  /** `order`: the pending order stored, for a caller that answers more than the intent (a Solana Action). */
  | { ok: true; intent: PaymentIntentResponse; order: Order }
  | Refusal<'invalid' | 'unknown-watch' | 'sold-out' | 'unpriced' | 'other-wallet' | 'no-funds' | 'stale-rate' | 'wallet-busy'>
  | (Refusal<'held'> & { heldUntil: string })
  | (Refusal<'cooldown'> & { holdAgainAt: string })
  | (Refusal<'address-bound' | 'network-bound'> & { retryAt: string });

/** The code of a refusal for want of a signed-in wallet: the buyer's page signs the wallet in and asks again. */
export const SIGN_IN_REQUIRED = 'SIGN_IN_REQUIRED';

/** POST /api/payments without a wallet session: nothing is held for a wallet that did not prove itself. */
export const SIGN_IN_TO_BUY = 'Sign in with your wallet to buy: the watch is held for you while you pay. Signing costs nothing and moves no SOL.';

/** A hold is released by the first settlement pass after its intent expires: a retry is worth it from then. */
export function retryAfterHold(heldUntil: Date, now: Date, settlementIntervalMs: number): Date {
  const released = Math.max(heldUntil.getTime(), now.getTime()) + settlementIntervalMs;
  return new Date(Math.ceil(released / 60_000) * 60_000);
}

/** An Action's account whose owner is paying at ORX with the wallet signed in: theirs is never replaced. */
const WALLET_BUSY = 'This wallet is paying for a watch at ORX right now. Finish or cancel that payment first; nothing was held.';

const OTHER_WALLET = 'The connected wallet is not the one signed in. Sign in with it to buy.';

/**
 * A payment intent (the Solana Pay pattern), for `deps.wallet`: the dialog's signed-in wallet, or
 * a Solana Action's account. A hold is never given to a wallet that cannot pay for the watch now
 * (its balance read on chain), and a wallet holds one piece at a time (create_payment_intent). The server looks the watch up, fixes the amount in lamports from the
 * catalogue price, the USD value from its own price (for USDC, a rate of the last few minutes), a
 * fresh reference key and an expiry, and stores a pending order with the shipping details, holding
 * one piece of the watch. The SQL keeps the wallet's hold window on the watch (asking again gains
 * no time, asking after it waits HOLD_COOLDOWN_MS) and the client's bounds. Refused, nothing is
 * stored and the buyer is told why, and when to try again.
 */
export async function createPaymentIntent(raw: unknown, deps: IntentDependencies): Promise<IntentResult> {
  const wallet = deps.wallet;
  const parsed = paymentRequestSchema.safeParse(raw);
  // The page pays from the wallet it is connected to: the hold must be that wallet's.
  if (parsed.success && parsed.data.wallet !== null && parsed.data.wallet !== wallet) {
    return refuse('other-wallet', OTHER_WALLET);
  }
  if (!parsed.success) return refuse('invalid', parsed.error.issues[0]?.message ?? 'Invalid payment request');
  const { watchId, shipping, currency } = parsed.data;
  if (currency === 'USDC' && !deps.usdcMint) return refuse('invalid', 'This shop takes SOL only.');

  const watch = await deps.catalog.get(watchId);
  if (!watch) return refuse('unknown-watch', UNKNOWN_WATCH);
  if (!watch.available) return refuse('sold-out', SOLD_OUT);
  const lamports = solToLamports(watch.price_sol);
  if (lamports <= 0n) return refuse('unpriced', 'This watch has no price in SOL');

  const rate = await deps.solRate();
  const now = deps.now?.() ?? new Date();
  // USDC is asked for the USD value the shopper was shown, at a rate of the moment: never an old one
  // kept through an outage, nor the spec's fallback before any fetch. SOL needs no rate to be paid.
  if (currency === 'USDC' && !isRateFresh(rate.updatedAt, now, deps.usdcRateMaxAgeMs)) {
    return refuse('stale-rate', staleUsdcRateMessage(deps.usdcRateMaxAgeMs));
  }
  const usdAmount = usdValue(watch.price_sol, rate.price);
  const token = currency === 'USDC' && deps.usdcMint ? { currency, amount: usdToUsdcUnits(usdAmount), mint: deps.usdcMint.toBase58() } : undefined;
  if (token && token.amount <= 0n) return refuse('unpriced', 'This watch has no price in USD right now');
  // A piece is held only for a wallet that can pay for it now.
  const short = fundsShortfall(await deps.walletFunds(wallet), lamports, token?.amount ?? null);
  if (short) return refuse('no-funds', short);

  const outcome = await deps.orders.createIntent({
    wallet,
    walletSignedIn: deps.walletSignedIn,
    lamports,
    solAmount: watch.price_sol,
    usdAmount,
    reference: (deps.newReference?.() ?? Keypair.generate().publicKey).toBase58(),
    expiresAt: new Date(now.getTime() + PAYMENT_INTENT_TTL_MS),
    name: shipping.fullName,
    phone: shipping.phone,
    email: shipping.email,
    address: shipping.address,
    watch: { id: watch.id, brand: watch.brand, model: watch.model },
    ...(token ? { token } : {}),
    client: holdClient(deps.clientAddress),
    rules: { ...deps.holdBounds, cooldownSeconds: HOLD_COOLDOWN_MS / 1000 },
  });
  if ('placed' in outcome) return { ok: true, intent: intentResponse(outcome.placed, deps.merchant, deps.shopOrigin), order: outcome.placed };
  switch (outcome.refused) {
    case 'unknown':
      return refuse('unknown-watch', UNKNOWN_WATCH);
    case 'sold_out':
      return refuse('sold-out', SOLD_OUT);
    case 'held': {
      const retryAt = retryAfterHold(new Date(outcome.heldUntil), now, deps.settlementIntervalMs);
      return { ...refuse('held', heldByAnotherBuyerMessage(retryAt, 'UTC')), heldUntil: retryAt.toISOString() };
    }
    case 'cooldown':
      return { ...refuse('cooldown', holdAgainMessage(new Date(outcome.until))), holdAgainAt: outcome.until };
    case 'address_bound':
      return { ...refuse('address-bound', holdBoundMessage('address', deps.holdBounds.perAddress, new Date(outcome.until))), retryAt: outcome.until };
    case 'wallet_busy':
      return refuse('wallet-busy', WALLET_BUSY);
    case 'network_bound':
      return { ...refuse('network-bound', holdBoundMessage('network', deps.holdBounds.perNetwork, new Date(outcome.until))), retryAt: outcome.until };
  }
}

/** Whether a SOL/USD rate fetched at `updatedAt` may still price USDC (USDC_RATE_MAX_AGE_S). */
export function isRateFresh(updatedAt: string | null, now: Date, maxAgeMs: number): boolean {
  return updatedAt !== null && now.getTime() - Date.parse(updatedAt) <= maxAgeMs;
}

const toSol = (lamports: bigint) => Number(lamportsToDecimalSol(lamports));
const toUsdc = (units: bigint) => Number(unitsToDecimal(units, USDC_DECIMALS));

/**
 * Why the wallet cannot pay the intent now (SPEC's balance messages), or null when it can: SOL, the
 * price and the fee; USDC, the amount in the shop's mint and SOL for the fee.
 */
export function fundsShortfall(funds: WalletFunds, lamports: bigint, usdcUnits: bigint | null): string | null {
  if (usdcUnits !== null && funds.usdcUnits < usdcUnits) return insufficientUsdcBalanceMessage(toUsdc(usdcUnits), toUsdc(funds.usdcUnits));
  const needed = (usdcUnits === null ? lamports : 0n) + PAYMENT_FEE_ALLOWANCE_LAMPORTS;
  if (funds.lamports < needed) return insufficientBalanceMessage(toSol(needed), toSol(funds.lamports));
  return null;
}

/** A stored pending order as the browser's payment intent. */
export function intentResponse(order: Order, merchant: PublicKey, shopOrigin: string): PaymentIntentResponse {
  const lamports = BigInt(order.lamports!);
  const recipient = merchant.toBase58();
  const amountSol = lamportsToDecimalSol(lamports);
  const token = order.currency === 'USDC' ? { amount: unitsToDecimal(BigInt(order.tokenAmount!), USDC_DECIMALS), splToken: order.splToken! } : null;
  const amount = token?.amount ?? amountSol;
  return {
    orderId: order.id,
    recipient,
    reference: order.reference!,
    lamports: lamports.toString(),
    amountSol,
    currency: order.currency,
    amount,
    ...(token ? { splToken: token.splToken } : {}),
    expiresAt: order.expiresAt!,
    memo: order.id,
    transactionRequestUrl: transactionRequestUrl(shopOrigin, order.id),
    solanaPayUrl: solanaPayUrl({
      recipient,
      amount,
      splToken: token?.splToken,
      reference: order.reference!,
      message: `${order.watch.brand} ${order.watch.model}`,
      memo: order.id,
    }),
  };
}
