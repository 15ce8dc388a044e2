import { Keypair, PublicKey, SystemInstruction, SystemProgram, Transaction } from '@solana/web3.js';
import { chain, expectPhonePaymentCompleted, fund, openPhonePayment } from './support/checkout';
import { E2E_CERTIFICATE_AUTHORITY, E2E_MERCHANT } from './support/checkout-keys';
import { CHECKOUT_SHOP_URL, LOCAL_CHAIN_URL } from './support/servers';
import { expect, test } from './support/shopper';
import { TestWallet } from './support/test-wallet';

/**
 * Issue 54: the purchase dialog's QR code is a Solana Pay transaction request,
 * `solana:https://<shop>/api/pay/{orderId}`. The phone wallet here speaks only those: it GETs the
 * link for the shop's label and icon, POSTs its account, signs the transaction the shop built and
 * sends it to the local chain; the page, which waits for the server to see the payment, completes
 * by itself.
 */

/** A watch of the demo catalogue, of which the test buys a piece of its own (watchOfItsOwn). */
const WATCH = { model: 'Tangente 38' };
const MEMO_PROGRAM = new PublicKey('MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr');
const SHOP_ORIGIN = new URL(CHECKOUT_SHOP_URL).origin;
const JSON_BODY = { 'content-type': 'application/json' };

test.beforeAll(async () => {
  // The certificate authority pays each certificate's rent.
  await fund(E2E_CERTIFICATE_AUTHORITY.publicKey, 10);
});

test('a phone wallet that speaks only transaction requests buys a watch from the QR code: GET, POST, sign, send', async ({ page, request, watchOfItsOwn }) => {
  test.setTimeout(90_000);
  const watch = await watchOfItsOwn(WATCH.model);
  const lamports = BigInt(Math.round(watch.price_sol * 1e9));
  // The wallet in this browser proves who holds the watch, and has the SOL for it; the phone pays.
  const wallet = new TestWallet({ rpcUrl: LOCAL_CHAIN_URL });
  await fund(wallet.address, 100);
  await wallet.install(page);
  const qrDialog = await openPhonePayment(page, watch.model);
  const link = (await qrDialog.getByRole('link', { name: 'Open in a wallet app' }).getAttribute('href')) ?? '';
  const [, orderId] = link.match(new RegExp(`^solana:${SHOP_ORIGIN.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}/api/pay/([^/?#]+)$`)) ?? [];
  expect(orderId, link).toBeDefined();

  // The phone wallet, another process. A transaction request is its link after `solana:`.
  const endpoint = link.slice('solana:'.length);
  const label = await request.get(endpoint);
  expect(label.status()).toBe(200);
  const { label: shopLabel, icon } = (await label.json()) as { label: string; icon: string };
  expect(shopLabel).toBe('ORX');
  expect(new URL(icon).origin).toBe(SHOP_ORIGIN);
  const iconResponse = await request.get(icon);
  expect(iconResponse.status(), icon).toBe(200);
  expect(iconResponse.headers()['content-type']).toMatch(/^image\/(svg\+xml|png|webp)/);

  // An account that could not pay is refused before anything is signed: nothing to sign comes back.
  const penniless = Keypair.generate();
  const refused = await request.post(endpoint, { headers: JSON_BODY, data: { account: penniless.publicKey.toBase58() } });
  expect(refused.status()).toBe(409);
  const refusal = (await refused.json()) as { message?: unknown; transaction?: unknown };
  expect(refusal.message).toMatch(/balance/i);
  expect(refusal.transaction).toBeUndefined();
  await expect(qrDialog.getByRole('status')).toHaveText('Waiting for your payment...');

  const phone = Keypair.generate();
  await fund(phone.publicKey, 200);
  const answer = await request.post(endpoint, { headers: JSON_BODY, data: { account: phone.publicKey.toBase58() } });
  expect(answer.status(), await answer.text()).toBe(200);
  const { transaction: serialized, message } = (await answer.json()) as { transaction: string; message: string };
  expect(message).toContain(watch.model);

  // What the shop asks the phone to sign: exactly the price to the merchant, the fee the phone's,
  // with the order's memo.
  const transaction = Transaction.from(Buffer.from(serialized, 'base64'));
  expect(transaction.feePayer?.toBase58()).toBe(phone.publicKey.toBase58());
  const transfer = transaction.instructions.find((instruction) => instruction.programId.equals(SystemProgram.programId));
  expect(transfer).toBeDefined();
  const paid = SystemInstruction.decodeTransfer(transfer!);
  expect(paid.fromPubkey.toBase58()).toBe(phone.publicKey.toBase58());
  expect(paid.toPubkey.toBase58()).toBe(E2E_MERCHANT.toBase58());
  expect(BigInt(paid.lamports)).toBe(lamports);
  const memo = transaction.instructions.find((instruction) => instruction.programId.equals(MEMO_PROGRAM));
  expect(memo?.data.toString('utf8')).toBe(orderId);

  transaction.partialSign(phone);
  const signature = await chain.sendRawTransaction(transaction.serialize());

  // The page sees the payment by itself, and the watch is certified.
  await expectPhonePaymentCompleted(page, signature, lamports);
});
