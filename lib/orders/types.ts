import type { PaymentCurrency } from '@/lib/chain/currencies';
/** The order webhook data of SPEC §3, as the simulated purchase sends it (DESIGN: Data). */
export type OrderInput = {
  wallet: string;
  txHash: string;
  usdAmount: number;
  solAmount: number;
  name: string;
  phone: string;
  email: string;
  address: string;
  watch: { id: string; brand: string; model: string };
};

/**
 * simulated: the spec's simulated purchase (no merchant configured), proves nothing.
 * pending: a payment intent waiting for its transaction; paid: verified on chain;
 * expired: not paid in time (a late payment is kept, with refundDue); failed: the transaction
 * that was meant to pay it failed or paid the wrong amount. shipped, delivered: the operator's
 * fulfilment (lib/orders/fulfilment.ts); partially_refunded, refunded: refunds the chain showed
 * (lib/refunds); cancelled: kept for rows of older versions.
 */
export const ORDER_STATUSES = [
  'simulated',
  'pending',
  'paid',
  'expired',
  'failed',
  'shipped',
  'delivered',
  'partially_refunded',
  'refunded',
  'cancelled',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** What the server fixes when a buyer asks to pay: the amount, the reference, the expiry. */
export type PaymentIntentInput = {
  /** The wallet the piece is held for. */
  wallet: string;
  /**
   * Whether it is the request's signed-in wallet (Sign-In With Solana, the purchase dialog), or an
   * account a Solana Action's POST named, unproven until its payment is found on chain.
   */
  walletSignedIn: boolean;
  lamports: bigint;
  solAmount: number;
  usdAmount: number;
  reference: string;
  expiresAt: Date;
  name: string;
  phone: string;
  email: string;
  address: string;
  watch: { id: string; brand: string; model: string };
  /** A USDC intent: the amount in the mint's base units, and the mint. Absent: a SOL intent. */
  token?: { currency: 'USDC'; amount: bigint; mint: string };
  /** Who asks, as hashes of the address the server saw and of its network (hold-client.ts). */
  client: HoldClient;
  /** The bounds create_payment_intent holds the intent to. */
  rules: HoldRules;
};

/** A client's address and network (IPv4 /24, IPv6 /48), each only as a SHA-256 hash. */
export type HoldClient = { addressHash: string; networkHash: string };

/**
 * Open holds at most per client address and per network; how long a wallet waits, after its hold
 * window on a watch ended unpaid, before it holds that watch again.
 */
export type HoldRules = { perAddress: number; perNetwork: number; cooldownSeconds: number };

export type Order = {
  id: string;
  status: OrderStatus;
  /** The paying transaction's signature; for a simulated order, its made-up one; null while pending. */
  txHash: string | null;
  /** The buyer's wallet (once paid, the payer the chain showed); null only on rows of older versions. */
  wallet: string | null;
  usdAmount: number;
  solAmount: number;
  /** The watch's price when the intent was made, in lamports (a decimal string); null for a simulated order. */
  lamports: string | null;
  /** What the buyer pays in: SOL, or USDC when the shop takes it. */
  currency: PaymentCurrency;
  /** A USDC intent's exact amount in the mint's base units (a decimal string) and the mint; null for SOL. */
  tokenAmount: string | null;
  splToken: string | null;
  reference: string | null;
  expiresAt: string | null;
  paidAt: string | null;
  /** When the payment's transaction was seen `finalized`; null while it is only confirmed (and for a simulated order). */
  finalizedAt: string | null;
  refundDue: boolean;
  certificateMint: string | null;
  /** Failed mints so far, and the last one's reason (shown to the operator; cleared once minted). */
  certificateAttempts: number;
  certificateFailure: string | null;
  failure: string | null;
  /** The carrier's tracking reference, once shipped. */
  trackingReference: string | null;
  /** Why and how the operator refunded it, on rows of older versions (a refund's reason is now on the refund). */
  refundNote: string | null;
  name: string;
  phone: string;
  email: string;
  address: string;
  /** The watch as it was sold; its id is null once the watch has left the catalogue. */
  watch: { id: string | null; brand: string; model: string };
  createdAt: string;
};

/** How the verifier settles a pending order; applied only if the order is still in `from`. */
export type OrderSettlement =
  /** A payment found on chain; paidAt is when it landed there (its block time). */
  | { status: 'paid'; txHash: string; wallet: string; paidAt: Date }
  | { status: 'expired'; txHash: string | null; refundDue: boolean }
  | { status: 'failed'; txHash: string | null; failure: string };

/**
 * The answer to a payment intent: the pending order holding its piece, or why none was free
 * (every piece sold; every piece held by other buyers, the first hold ending at heldUntil; or no
 * such watch).
 */
export type IntentOutcome =
  | { placed: Order }
  | { refused: 'sold_out' }
  | { refused: 'held'; heldUntil: string }
  /** The wallet's hold window on this watch ended unpaid: it holds the watch again from `until`. */
  | { refused: 'cooldown'; until: string }
  /** The client's address or network holds its bound already; the first of those holds ends at `until`. */
  | { refused: 'address_bound' | 'network_bound'; until: string }
  /** An unproven account's intent while its owner pays a signed-in one. */
  | { refused: 'wallet_busy' }
  | { refused: 'unknown' };

/** What the settlement worker claims: intents to look up on chain, or paid orders to certify. */
export type DueWork = 'settle' | 'finalize' | 'certify';

/** Per watch id: pieces held by pending intents and pieces sold (the admin cards). */
export type StockCounts = Record<string, { held: number; sold: number }>;

/** One move of an order by the operator, as the history keeps it. */
export type OrderHistoryEntry = {
  id: string;
  at: string;
  /** The operator's username. */
  actor: string;
  from: OrderStatus;
  to: OrderStatus;
  trackingReference: string | null;
  note: string | null;
};

/** A page of the admin list: status null for all, text null for no search. */
export type OrderQuery = { status: OrderStatus | null; text: string | null; limit: number; offset: number };
