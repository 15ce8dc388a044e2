import { PublicKey } from '@solana/web3.js';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { POST as createIntent } from '@/app/api/payments/route';
import { POST as verify } from '@/app/api/payments/[id]/verify/route';
import { POST as certify } from '@/app/api/payments/[id]/certificate/route';
import type { Watch } from '@/lib/catalog/types';
import { runBackgroundWork } from '@/lib/jobs/background-work';
import type { PaymentIntentResponse, PaymentStatusResponse } from '@/lib/checkout/api';
import { getStores } from '@/lib/shop/stores';
import { sendPayment } from '../support/chain-payments';
import { startPaymentsShop, type PaymentsShop } from '../support/payments-shop';
import { startSmtpReceiver, type SmtpReceiver } from '../support/smtp-receiver';
import { startWebhookReceiver, WEBHOOK_TEST_SECRET, type WebhookReceiver } from '../support/webhook-receiver';
import { signedInPost } from '../support/wallet-session';

/**
 * The buyer's e-mails after a real purchase: paid on the local Solana chain through the checkout's
 * routes, its certificate minted, then shipped by the operator; the background work delivers to a
 * real SMTP server (smtp-server) and webhook endpoint, and the messages are parsed with mailparser.
 */

let shop: PaymentsShop;
let smtp: SmtpReceiver;
let receiver: WebhookReceiver;
let watch: Watch;

beforeAll(async () => {
  [smtp, receiver] = await Promise.all([startSmtpReceiver(), startWebhookReceiver()]);
  shop = await startPaymentsShop(150, 'orx-emails-', {
    SUPABASE_URL: '',
    SUPABASE_ANON_KEY: '',
    SUPABASE_SERVICE_ROLE_KEY: '',
    SMTP_URL: smtp.url,
    MAIL_FROM: 'ORX <orders@orx.example>',
    ORDER_WEBHOOK_URL: receiver.url,
    ORDER_WEBHOOK_SECRET: WEBHOOK_TEST_SECRET,
  });
  watch = (await getStores().catalog.listAll()).find((candidate) => candidate.available && candidate.price_sol < 500)!;
});

afterAll(async () => {
  await shop.close();
  await Promise.all([smtp.close(), receiver.close()]);
});

const post = (url: string, body: unknown) =>
  new Request(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
const params = (id: string) => ({ params: Promise.resolve({ id }) });

it('tells the buyer the order is confirmed, then shipped with the tracking reference', async () => {
  const shipping = { fullName: 'Ada Lovelace', phone: '+44 20 7946 0000', email: 'ada@example.com', address: '12 St James Square\nLondon SW1Y 4LE' };
  const intent = (await (
    await createIntent(await signedInPost('http://shop.test/api/payments', { watchId: watch.id, wallet: shop.buyer.publicKey.toBase58(), shipping }, shop.buyer.publicKey.toBase58()))
  ).json()) as PaymentIntentResponse;
  const signature = await sendPayment(shop.connection, {
    payer: shop.buyer,
    recipient: new PublicKey(intent.recipient),
    lamports: BigInt(intent.lamports),
    reference: new PublicKey(intent.reference),
  });
  const paid = (await (await verify(post(`http://shop.test/api/payments/${intent.orderId}/verify`, {}), params(intent.orderId))).json()) as PaymentStatusResponse;
  expect(paid.status).toBe('paid');
  const certified = (await (
    await certify(post(`http://shop.test/api/payments/${intent.orderId}/certificate`, {}), params(intent.orderId))
  ).json()) as PaymentStatusResponse;
  const mint = certified.certificate?.mint;
  expect(mint).toMatch(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/);

  await runBackgroundWork();
  const subjects = smtp.messages.map((mail) => mail.subject);
  expect(subjects).toEqual([`Order confirmed: ${watch.brand} ${watch.model}`, `Your certificate is minted: ${watch.brand} ${watch.model}`]);
  const confirmation = smtp.messages[0]!;
  expect(confirmation.to).toMatchObject({ text: 'ada@example.com' });
  const solscan = `https://solscan.io/tx/${signature}?cluster=custom&customUrl=${encodeURIComponent(shop.chain.url)}`;
  for (const part of [confirmation.text!, confirmation.html as string]) {
    expect(part).toContain(`${watch.brand} ${watch.model}`);
    expect(part).toContain(signature);
    expect(part).toContain('12 St James Square');
    expect(part).toMatch(/about \$\d+\.\d\d/);
  }
  expect(confirmation.html).toContain(solscan.replaceAll('&', '&amp;'));
  expect(confirmation.text).toContain('SOL (about $');
  const certificateMail = smtp.messages[1]!;
  expect(certificateMail.text).toContain(mint!);
  expect(certificateMail.html).toContain(`https://explorer.solana.com/address/${mint}`);

  const hooks = receiver.received.map((hook) => [hook.verified, (hook.payload as { type: string }).type]);
  expect(hooks).toEqual([
    [true, 'order.paid'],
    [true, 'order.certified'],
  ]);
  expect((receiver.received[0]!.payload as { data: Record<string, unknown> }).data).toMatchObject({
    orderId: intent.orderId,
    status: 'paid',
    txHash: signature,
    lamports: intent.lamports,
    reference: intent.reference,
    email: 'ada@example.com',
  });

  const order = (await getStores().orders.get(intent.orderId))!;
  await getStores().orders.move(order.id, { from: 'paid', to: 'shipped', trackingReference: 'DHL 00340434161094042557' }, 'operator');
  await runBackgroundWork();
  await runBackgroundWork();
  expect(smtp.messages).toHaveLength(3);
  const shippedMail = smtp.messages[2]!;
  expect(shippedMail.subject).toBe(`On its way: ${watch.brand} ${watch.model}`);
  expect(shippedMail.to).toMatchObject({ text: 'ada@example.com' });
  expect(shippedMail.text).toContain('DHL 00340434161094042557');
  expect(shippedMail.html).toContain('DHL 00340434161094042557');
  expect((receiver.received[2]!.payload as { data: Record<string, unknown> }).data).toMatchObject({
    status: 'shipped',
    trackingReference: 'DHL 00340434161094042557',
    certificateMint: mint,
  });
});
