import { WalletSendTransactionError, WalletSignTransactionError } from '@solana/wallet-adapter-base';
import { ASSOCIATED_TOKEN_PROGRAM_ID, getAssociatedTokenAddressSync, TOKEN_PROGRAM_ID } from '@solana/spl-token';
import { Keypair, PublicKey, SystemProgram } from '@solana/web3.js';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PaymentIntentResponse, PaymentStatusResponse } from '@/lib/checkout/api';
import { MEMO_PROGRAM_ID } from '@/lib/checkout/transfer';
import { FINALITY_TIMEOUT_MS, VERIFY_INTERVAL_MS, WALLET_CONFIRMATION_TIMEOUT_MS } from '@/lib/checkout/browser/await-payment';
import { CERTIFY_RETRY_DELAYS_MS } from '@/lib/checkout/browser/certify-payment';
import { awaitPhonePayment, payWithWallet, startPhonePayment, type CheckoutStage } from '@/lib/checkout/browser/pay';
import {
  CHECKOUT_MESSAGES,
  confirmationTimeoutMessage,
  heldByAnotherBuyerMessage,
  insufficientUsdcBalanceMessage,
  PURCHASE_MESSAGES,
  STILL_CONFIRMING_MESSAGE,
} from '@/lib/checkout/messages';
import { paymentApi } from '@/lib/checkout/browser/payment-api';
import { paymentTransaction } from '@/lib/checkout/payment-transaction';
import { isWalletRejection } from '@/lib/wallet/errors';
import { PURCHASE_WATCH } from '../support/purchase-fixtures';

/**
 * The browser's half of the real checkout, with the shop's HTTP answers scripted (the routes
 * themselves are tested against the local chain in payments-routes.test.ts) and a clock the test
 * moves.
 */

const BUYER = Keypair.generate().publicKey.toBase58();
const SHIPPING = { fullName: 'Ada Lovelace', phone: '+44 20 7946 0000', email: 'ada@example.com', address: '12 St James Square' };
const SIGNATURE = '5VERv8NMvzbJMEkV8xnrLkEaWRtSz9CosKDYjCJjBRnbJLgp8uirBgmQpjKhoR4tjF3ZpRzrFmBV6UjKdiSZkQUW';
const MINT = Keypair.generate().publicKey.toBase58();
const START = Date.parse('2026-11-23T09:00:00Z');

const INTENT: PaymentIntentResponse = {
  orderId: '0b9f6a8e-2d7c-4a55-9d0e-3f1e2a4b5c6d',
  recipient: Keypair.generate().publicKey.toBase58(),
  reference: Keypair.generate().publicKey.toBase58(),
  lamports: '85500000000',
  amountSol: '85.5',
  currency: 'SOL',
  amount: '85.5',
  expiresAt: new Date(START + 10 * 60_000).toISOString(),
  memo: '0b9f6a8e-2d7c-4a55-9d0e-3f1e2a4b5c6d',
  transactionRequestUrl: 'solana:https://orx.example/api/pay/0b9f6a8e-2d7c-4a55-9d0e-3f1e2a4b5c6d',
  solanaPayUrl: 'solana:merchant?amount=85.5',
};

const USDC_MINT = Keypair.generate().publicKey.toBase58();
const USDC_INTENT: PaymentIntentResponse = { ...INTENT, currency: 'USDC', amount: '4442.09', splToken: USDC_MINT };

const status = (change: Partial<PaymentStatusResponse>): PaymentStatusResponse => ({
  orderId: INTENT.orderId,
  status: 'pending',
  signature: null,
  refundDue: false,
  certificate: { status: 'pending', mint: null },
  message: null,
  ...change,
});
const PAID = status({ status: 'paid', signature: SIGNATURE });
const MINTED = status({ status: 'paid', signature: SIGNATURE, certificate: { status: 'minted', mint: MINT } });

const json = (code: number, body: unknown) => new Response(JSON.stringify(body), { status: code, headers: { 'content-type': 'application/json' } });

/** The shop's answers in order, and a clock that the waits move on. */
function shop(...replies: (Response | Error)[]) {
  let clock = START;
  const requests: { path: string; body: unknown }[] = [];
  const fetch = vi.fn(async (path: string, init: RequestInit) => {
    requests.push({ path, body: JSON.parse(String(init.body)) });
    const reply = replies.shift();
    if (!reply) throw new Error(`no more replies (${path})`);
    if (reply instanceof Error) throw reply;
    return reply;
  });
  const stages: CheckoutStage[] = [];
  const waits: number[] = [];
  const deps = {
    api: paymentApi(fetch as unknown as typeof globalThis.fetch),
    balanceLamports: async () => 100 * 1e9,
    sendPayment: vi.fn(async () => SIGNATURE),
    wait: async (ms: number) => {
      waits.push(ms);
      clock += ms;
    },
    now: () => clock,
    onStage: (stage: CheckoutStage) => stages.push(stage),
    signIn: vi.fn(async (): Promise<{ ok: true } | { ok: false; message: string }> => ({ ok: true })),
  };
  return { deps, requests, stages, waits, paths: () => requests.map((request) => request.path) };
}

const purchase = { watch: PURCHASE_WATCH, wallet: BUYER, shipping: SHIPPING };
const verifyPath = `/api/payments/${INTENT.orderId}/verify`;
const certificatePath = `/api/payments/${INTENT.orderId}/certificate`;

afterEach(() => vi.restoreAllMocks());

describe('paying from the connected wallet', () => {
  it('creates the intent, has the wallet send it, polls with the signature until paid, then mints', async () => {
    const { deps, requests, stages, waits, paths } = shop(json(201, INTENT), json(200, status({})), json(200, PAID), json(200, MINTED));
    await expect(payWithWallet(purchase, deps)).resolves.toEqual({ ok: true, signature: SIGNATURE, certificate: { status: 'minted', mint: MINT } });
    expect(paths()).toEqual(['/api/payments', verifyPath, verifyPath, certificatePath]);
    expect(requests[0]!.body).toEqual({ watchId: PURCHASE_WATCH.id, wallet: BUYER, shipping: SHIPPING, currency: 'SOL' });
    expect(requests[1]!.body).toEqual({ signature: SIGNATURE });
    expect(deps.sendPayment).toHaveBeenCalledWith(INTENT);
    expect(stages).toEqual(['approval', 'confirmation', 'certificate']);
    expect(waits).toEqual([VERIFY_INTERVAL_MS]);
  });

  it('pays in USDC when the buyer chooses it: their USDC must cover the price, and the intent asks for USDC', async () => {
    const usdcPurchase = { ...purchase, usdc: { usd: 4442.09 } };
    const short = shop();
    await expect(payWithWallet(usdcPurchase, { ...short.deps, balanceUsdc: async () => 12.5 })).resolves.toEqual({
      ok: false,
      message: insufficientUsdcBalanceMessage(4442.09, 12.5),
    });
    expect(insufficientUsdcBalanceMessage(4442.09, 12.5)).toBe('Insufficient USDC balance. Required: 4442.09 USDC, Available: 12.50 USDC');
    expect(short.requests).toEqual([]);
    const { deps, requests } = shop(json(201, USDC_INTENT), json(200, PAID), json(200, MINTED));
    // The USDC balance is what must cover the price.
    await expect(payWithWallet(usdcPurchase, { ...deps, balanceLamports: async () => 1e12, balanceUsdc: async () => 5000 })).resolves.toMatchObject({ ok: true });
    expect(requests[0]!.body).toEqual({ watchId: PURCHASE_WATCH.id, wallet: BUYER, shipping: SHIPPING, currency: 'USDC' });
    expect(deps.sendPayment).toHaveBeenCalledWith(USDC_INTENT);
  });

  it('says the payment was received and waits for it to be final before the certificate; past the wait, says not to pay again', async () => {
    const confirming = status({ status: 'confirming', signature: SIGNATURE });
    const { deps, stages } = shop(json(201, INTENT), json(200, confirming), json(200, confirming), json(200, PAID), json(200, MINTED));
    await expect(payWithWallet(purchase, deps)).resolves.toMatchObject({ ok: true, signature: SIGNATURE });
    expect(stages).toEqual(['approval', 'confirmation', 'finality', 'certificate']);

    // Found at the end of the first wait: the finality wait starts then, and never ends in a "pay again".
    const polls = Math.ceil((WALLET_CONFIRMATION_TIMEOUT_MS - VERIFY_INTERVAL_MS) / VERIFY_INTERVAL_MS);
    const forever = Math.ceil(FINALITY_TIMEOUT_MS / VERIFY_INTERVAL_MS) + 1;
    const slow = shop(json(201, INTENT), ...Array.from({ length: polls }, () => json(200, status({}))), ...Array.from({ length: forever }, () => json(200, confirming)));
    await expect(payWithWallet(purchase, slow.deps)).resolves.toEqual({ ok: false, message: STILL_CONFIRMING_MESSAGE });
    expect(slow.stages).toEqual(['approval', 'confirmation', 'finality']);
    expect(slow.waits.reduce((sum, ms) => sum + ms, 0)).toBeGreaterThan(WALLET_CONFIRMATION_TIMEOUT_MS);
  });

  it('checks the form and the balance first, in the order of SPEC §5, before asking the server', async () => {
    const { deps, paths } = shop();
    await expect(payWithWallet({ ...purchase, shipping: { ...SHIPPING, phone: ' ' } }, deps)).resolves.toEqual({
      ok: false,
      message: PURCHASE_MESSAGES.phoneRequired,
    });
    await expect(payWithWallet(purchase, { ...deps, balanceLamports: async () => 1e9 })).resolves.toEqual({
      ok: false,
      message: `Insufficient SOL balance. Required: ${PURCHASE_WATCH.price_sol} SOL, Available: 1.0000 SOL`,
    });
    expect(paths()).toEqual([]);
    expect(deps.signIn).not.toHaveBeenCalled();
  });

  it('signs the wallet in after the checks and before the intent; a sign-in declined holds nothing', async () => {
    const declined = 'You declined the sign-in in your wallet. Nothing was shared.';
    const { deps, paths } = shop(json(201, INTENT), json(200, MINTED));
    deps.signIn.mockResolvedValueOnce({ ok: false, message: declined });
    await expect(payWithWallet(purchase, deps)).resolves.toEqual({ ok: false, message: declined });
    expect(paths()).toEqual([]);
    expect(deps.sendPayment).not.toHaveBeenCalled();

    await expect(payWithWallet(purchase, deps)).resolves.toMatchObject({ ok: true });
    expect(deps.signIn).toHaveBeenCalledTimes(2);
    expect(paths()).toEqual(['/api/payments', verifyPath]);
  });

  it("shows the server's refusal of the intent, and the spec's message for an outage", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const refused = shop(json(409, { error: 'This watch is sold out' }));
    await expect(payWithWallet(purchase, refused.deps)).resolves.toEqual({ ok: false, message: 'This watch is sold out' });
    const down = shop(json(503, { error: 'Could not start the payment right now. Please try again.' }));
    await expect(payWithWallet(purchase, down.deps)).resolves.toEqual({ ok: false, message: PURCHASE_MESSAGES.processingFailed });
    expect(refused.deps.sendPayment).not.toHaveBeenCalled();
  });

  it("shows the rate limit's message for an intent refused with 429, and sends nothing", async () => {
    const limited = 'Too many orders from your connection in a short time. Nothing was paid or stored. Please try again in 1 minute.';
    const { deps } = shop(json(429, { error: limited }));
    await expect(payWithWallet(purchase, deps)).resolves.toEqual({ ok: false, message: limited });
    expect(deps.sendPayment).not.toHaveBeenCalled();
  });

  it('returns to the form with a clear message when the buyer declines in the wallet, and gives the intent up', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { deps, paths } = shop(json(201, INTENT), json(200, status({ status: 'failed' })));
    deps.sendPayment.mockRejectedValueOnce(new WalletSendTransactionError('User rejected the request.', { code: 4001 }));
    await expect(payWithWallet(purchase, deps)).resolves.toEqual({ ok: false, message: CHECKOUT_MESSAGES.walletRejected });
    expect(paths()).toEqual(['/api/payments', `/api/payments/${INTENT.orderId}/cancel`]);
  });

  it('still returns to the form when giving the intent up fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { deps } = shop(json(201, INTENT), new TypeError('Failed to fetch'));
    deps.sendPayment.mockRejectedValueOnce(new WalletSendTransactionError('User rejected the request.', { code: 4001 }));
    await expect(payWithWallet(purchase, deps)).resolves.toEqual({ ok: false, message: CHECKOUT_MESSAGES.walletRejected });
  });

  it('shows a refusal because every piece is held in the buyer’s own time', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const heldUntil = '2026-11-23T09:12:00.000Z';
    const { deps } = shop(json(409, { error: 'held (server text)', heldUntil }));
    await expect(payWithWallet(purchase, deps)).resolves.toEqual({ ok: false, message: heldByAnotherBuyerMessage(new Date(heldUntil)) });
    expect(heldByAnotherBuyerMessage(new Date(heldUntil), 'UTC')).toMatch(/try again after 09:12 UTC\.$/);
  });

  it("says the spec's payment failure for any other wallet error", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { deps } = shop(json(201, INTENT));
    deps.sendPayment.mockRejectedValueOnce(new WalletSendTransactionError('Blockhash not found'));
    await expect(payWithWallet(purchase, deps)).resolves.toEqual({ ok: false, message: PURCHASE_MESSAGES.paymentFailed });
  });

  it("shows the server's message when the payment failed or expired", async () => {
    const failed = status({ status: 'failed', message: 'The payment sent the wrong amount. Please try again.' });
    const { deps, paths } = shop(json(201, INTENT), json(200, failed));
    await expect(payWithWallet(purchase, deps)).resolves.toEqual({ ok: false, message: failed.message });
    expect(paths()).not.toContain(certificatePath);
  });

  it('keeps asking through outages and lost answers, then says when Solana has not confirmed in time', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    // Asked at once, then every interval up to the timeout.
    const polls = WALLET_CONFIRMATION_TIMEOUT_MS / VERIFY_INTERVAL_MS + 1;
    const { deps, paths } = shop(
      json(201, INTENT),
      new TypeError('Failed to fetch'),
      json(503, { error: 'Could not check the payment right now. Please try again.' }),
      ...Array.from({ length: polls }, () => json(200, status({}))),
    );
    await expect(payWithWallet(purchase, deps)).resolves.toEqual({ ok: false, message: confirmationTimeoutMessage(SIGNATURE) });
    expect(paths().filter((path) => path === verifyPath)).toHaveLength(polls);
    expect(confirmationTimeoutMessage(SIGNATURE)).toContain(SIGNATURE);
  });

  it('completes with the certificate pending when minting keeps failing, after retrying', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const down = () => json(503, { error: 'Could not mint the certificate right now. Please try again.' });
    const { deps, waits, paths } = shop(json(201, INTENT), json(200, PAID), down(), down(), down());
    await expect(payWithWallet(purchase, deps)).resolves.toEqual({ ok: true, signature: SIGNATURE, certificate: { status: 'pending', mint: null } });
    expect(paths().filter((path) => path === certificatePath)).toHaveLength(CERTIFY_RETRY_DELAYS_MS.length + 1);
    expect(waits).toEqual(CERTIFY_RETRY_DELAYS_MS);
  });

  it('does not mint again when the verification already names the certificate', async () => {
    const { deps, paths } = shop(json(201, INTENT), json(200, MINTED));
    await expect(payWithWallet(purchase, deps)).resolves.toMatchObject({ ok: true, certificate: { status: 'minted', mint: MINT } });
    expect(paths()).toEqual(['/api/payments', verifyPath]);
  });

  it('stops asking once the dialog is closed', async () => {
    const closed = new AbortController();
    closed.abort();
    const { deps, paths } = shop(json(201, INTENT));
    await expect(payWithWallet(purchase, { ...deps, signal: closed.signal })).resolves.toEqual({ ok: false, message: null });
    expect(paths()).toEqual(['/api/payments']);
  });
});

describe('paying with a phone wallet (Solana Pay QR)', () => {
  const phonePurchase = { watch: PURCHASE_WATCH, shipping: SHIPPING };

  it('asks for an intent without a paying wallet, after SPEC §5 rules 1–4 and the sign-in of the wallet that holds it', async () => {
    const { deps, requests } = shop(json(201, INTENT));
    await expect(startPhonePayment({ ...phonePurchase, shipping: { ...SHIPPING, email: 'ada' } }, deps)).resolves.toEqual({
      ok: false,
      message: PURCHASE_MESSAGES.emailRequired,
    });
    expect(deps.signIn).not.toHaveBeenCalled();
    deps.signIn.mockResolvedValueOnce({ ok: false, message: 'Signing in did not work. Please try again.' });
    await expect(startPhonePayment(phonePurchase, deps)).resolves.toEqual({ ok: false, message: 'Signing in did not work. Please try again.' });
    expect(requests).toEqual([]);
    await expect(startPhonePayment(phonePurchase, deps)).resolves.toEqual(INTENT);
    expect(requests).toEqual([{ path: '/api/payments', body: { watchId: PURCHASE_WATCH.id, wallet: null, shipping: SHIPPING, currency: 'SOL' } }]);
  });

  it('asks for a USDC intent when the buyer pays in USDC, and shows its QR code as is', async () => {
    const { deps, requests } = shop(json(201, USDC_INTENT));
    await expect(startPhonePayment({ ...phonePurchase, usdc: { usd: 4442.09 } }, deps)).resolves.toEqual(USDC_INTENT);
    expect(requests).toEqual([{ path: '/api/payments', body: { watchId: PURCHASE_WATCH.id, wallet: null, shipping: SHIPPING, currency: 'USDC' } }]);
  });

  it('polls without a signature until the server finds the payment, then mints', async () => {
    const { deps, requests, stages } = shop(json(200, status({})), json(200, status({})), json(200, PAID), json(200, MINTED));
    await expect(awaitPhonePayment(INTENT, deps)).resolves.toEqual({ ok: true, signature: SIGNATURE, certificate: { status: 'minted', mint: MINT } });
    expect(requests.slice(0, 3).map((request) => request.body)).toEqual([{}, {}, {}]);
    expect(stages).toEqual(['certificate']);
  });

  it('asks once more after the expiry, so the server decides, then says the request expired', async () => {
    const expired = status({ status: 'expired', message: 'This payment request expired before it was paid. Please try again.' });
    const polls = Math.floor((10 * 60_000) / VERIFY_INTERVAL_MS) + 1;
    const { deps, paths } = shop(...Array.from({ length: polls }, () => json(200, status({}))), json(200, expired));
    await expect(awaitPhonePayment(INTENT, deps)).resolves.toEqual({ ok: false, message: expired.message });
    expect(paths()).toHaveLength(polls + 1);
  });
});

describe('the transaction the wallet signs', () => {
  it('transfers exactly the intent lamports to the merchant, carrying the reference read-only, with the order memo', () => {
    const payer = new PublicKey(BUYER);
    const transaction = paymentTransaction(INTENT, payer, { blockhash: Keypair.generate().publicKey.toBase58(), lastValidBlockHeight: 42 });
    expect(transaction.feePayer?.toBase58()).toBe(BUYER);
    expect(transaction.lastValidBlockHeight).toBe(42);
    const [transfer, memo] = transaction.instructions;
    expect(transfer!.programId.equals(SystemProgram.programId)).toBe(true);
    expect(transfer!.data.readBigUInt64LE(4)).toBe(85_500_000_000n);
    expect(transfer!.keys.map((key) => [key.pubkey.toBase58(), key.isSigner, key.isWritable])).toEqual([
      [BUYER, true, true],
      [INTENT.recipient, false, true],
      [INTENT.reference, false, false],
    ]);
    expect(memo!.programId.equals(MEMO_PROGRAM_ID)).toBe(true);
    expect(memo!.data.toString('utf8')).toBe(INTENT.orderId);
  });
});

describe('the transaction the wallet signs for a USDC intent', () => {
  it("makes the shop's token account if need be, then transfers exactly the USDC asked with the reference, then the memo", () => {
    const payer = new PublicKey(BUYER);
    const mint = new PublicKey(USDC_MINT);
    const transaction = paymentTransaction(USDC_INTENT, payer, { blockhash: Keypair.generate().publicKey.toBase58(), lastValidBlockHeight: 42 });
    const [account, transfer, memo] = transaction.instructions;
    const shopAccount = getAssociatedTokenAddressSync(mint, new PublicKey(USDC_INTENT.recipient), true);
    expect(account!.programId.equals(ASSOCIATED_TOKEN_PROGRAM_ID)).toBe(true);
    // Idempotent: an account already there is no failure.
    expect([...account!.data]).toEqual([1]);
    expect(transfer!.programId.equals(TOKEN_PROGRAM_ID)).toBe(true);
    expect(transfer!.data[0]).toBe(12);
    expect(transfer!.data.readBigUInt64LE(1)).toBe(4_442_090_000n);
    expect(transfer!.data[9]).toBe(6);
    expect(transfer!.keys.map((key) => [key.pubkey.toBase58(), key.isSigner, key.isWritable])).toEqual([
      [getAssociatedTokenAddressSync(mint, payer, true).toBase58(), false, true],
      [USDC_MINT, false, false],
      [shopAccount.toBase58(), false, true],
      [BUYER, true, false],
      [USDC_INTENT.reference, false, false],
    ]);
    expect(memo!.data.toString('utf8')).toBe(USDC_INTENT.orderId);
    expect(transaction.instructions.some((instruction) => instruction.programId.equals(SystemProgram.programId))).toBe(false);
  });
});

describe('telling a declined payment from a failed one', () => {
  it('reads the wallet error and what it wraps', () => {
    expect(isWalletRejection(new WalletSignTransactionError('User rejected the request.'))).toBe(true);
    expect(isWalletRejection(new WalletSendTransactionError('Unexpected error', { code: 4001, message: 'x' }))).toBe(true);
    expect(isWalletRejection(new WalletSendTransactionError('Transaction cancelled'))).toBe(true);
    expect(isWalletRejection(new WalletSendTransactionError('Blockhash not found', new Error('Simulation failed')))).toBe(false);
    expect(isWalletRejection(new TypeError('Failed to fetch'))).toBe(false);
  });
});
