import {
  ExtensionType,
  LENGTH_SIZE,
  TOKEN_2022_PROGRAM_ID,
  TYPE_SIZE,
  createAssociatedTokenAccountIdempotentInstruction,
  createBurnCheckedInstruction,
  createTransferCheckedInstruction,
  getAssociatedTokenAddressSync,
  getMintLen,
  getTokenMetadata,
} from '@solana/spl-token';
import { pack } from '@solana/spl-token-metadata';
import { Connection, Keypair, LAMPORTS_PER_SOL, PublicKey, Transaction } from '@solana/web3.js';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { GET as certificateImage } from '@/app/api/certificates/[id]/image/route';
import { GET as certificateJson } from '@/app/api/certificates/[id]/route';
import { POST as certify } from '@/app/api/payments/[id]/certificate/route';
import { POST as createIntent } from '@/app/api/payments/route';
import { POST as verifyPayment } from '@/app/api/payments/[id]/verify/route';
import { GET as verifyApi } from '@/app/api/verify/[mint]/route';
import { CARD_HEIGHT, CARD_WIDTH } from '@/lib/certificate/card-image';
import { certificateGroupKeypair, ensureCertificateGroup } from '@/lib/certificate/group';
import { CERTIFICATE_MINT_EXTENSIONS, CERTIFICATE_SYMBOL, certificateMintKeypair, certificateTransaction } from '@/lib/certificate/mint';
import { sendSigned } from '@/lib/certificate/send';
import { certificateRecordStore } from '@/lib/certificate/server-records';
import type { CertificateVerdict } from '@/lib/certificate/verdict';
import { verifyCertificate } from '@/lib/certificate/verify';
import type { Watch } from '@/lib/catalog/types';
import type { PaymentIntentResponse, PaymentStatusResponse } from '@/lib/checkout/api';
import { waitForConfirmation } from '@/lib/chain/confirm';
import { getStores } from '@/lib/shop/stores';
import { sendPayment } from '../support/chain-payments';
import { restock } from '../support/intents';
import type { LocalChain } from '../support/local-chain';
import { startPaymentsShop, type PaymentsShop } from '../support/payments-shop';
import { signedInPost } from '../support/wallet-session';

/**
 * /verify against real certificates on the local chain (litesvm standing in for Devnet): one from
 * a real purchase through the shop's routes, counterfeits made by an attacker as they would make
 * them, a transfer and a burn by the holder, and input nobody should send.
 */

let shop: PaymentsShop;
let chain: LocalChain;
let connection: Connection;
let authority: Keypair;
let merchant: PublicKey;
let watch: Watch;

beforeAll(async () => {
  shop = await startPaymentsShop(150, 'orx-verify-');
  ({ chain, connection, authority, merchant } = shop);
  // The suite buys this watch several times over: it has the pieces for it.
  watch = await restock(getStores().catalog, (await getStores().catalog.listAll()).find((candidate) => candidate.available && candidate.price_sol < 500)!, 1000);
});

afterAll(async () => {
  await shop.close();
});

const post = (url: string, body: unknown) => new Request(`https://orx.example${url}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
const shipping = { fullName: 'Ada Lovelace', phone: '+44 20 7946 0000', email: 'ada@example.com', address: '12 St James Square, London' };

async function funded(): Promise<Keypair> {
  const wallet = Keypair.generate();
  await chain.airdrop(wallet.publicKey, 1000n * BigInt(LAMPORTS_PER_SOL));
  return wallet;
}

/** A real purchase through the shop's routes: intent, payment on chain, verification, certificate. */
async function buy(payer: Keypair, { fromPhone = false } = {}): Promise<{ orderId: string; mint: string }> {
  // From a phone: the wallet signed in here holds the watch (so it must have the funds), the phone's pays and owns it.
  const holder = fromPhone ? (await funded()).publicKey.toBase58() : payer.publicKey.toBase58();
  const intent = (await (await createIntent(
      await signedInPost(
        'https://orx.example/api/payments',
        { watchId: watch.id, wallet: fromPhone ? null : payer.publicKey.toBase58(), shipping },
        holder,
      ),
    )).json()) as PaymentIntentResponse;
  await sendPayment(connection, { payer, recipient: merchant, lamports: BigInt(intent.lamports), reference: new PublicKey(intent.reference) });
  const params = { params: Promise.resolve({ id: intent.orderId }) };
  expect(((await (await verifyPayment(post(`/api/payments/${intent.orderId}/verify`, {}), params)).json()) as PaymentStatusResponse).status).toBe('paid');
  const certified = (await (await certify(post(`/api/payments/${intent.orderId}/certificate`, {}), params)).json()) as PaymentStatusResponse;
  if (certified.certificate.status !== 'minted') throw new Error('The certificate was not minted');
  return { orderId: intent.orderId, mint: certified.certificate.mint };
}

const deps = () => ({
  chain: connection,
  orders: getStores().orders,
  records: certificateRecordStore(),
  authority: authority.publicKey,
  group: certificateGroupKeypair(authority).publicKey,
  passportUrl: (mint: string) => `https://orx.example/passport/${mint}.json`,
});
const verify = (mint: string | PublicKey) => verifyCertificate(new PublicKey(mint), deps());

async function send(transaction: Transaction, signers: Keypair[]) {
  const { blockhash } = await connection.getLatestBlockhash();
  transaction.recentBlockhash = blockhash;
  transaction.feePayer = signers[0]!.publicKey;
  transaction.sign(...signers);
  await waitForConfirmation(connection, await connection.sendRawTransaction(transaction.serialize()), 10_000, 50);
}

describe('verifyCertificate', () => {
  it('finds a certificate from a real purchase genuine, with the sale and the buyer as holder', async () => {
    const buyer = await funded();
    const { orderId, mint } = await buy(buyer);
    const verdict = await verify(mint);
    const order = await getStores().orders.get(orderId);
    expect(verdict).toEqual({
      verdict: 'genuine',
      mint,
      provenance: 'collection',
      orderId,
      issuedAt: order!.paidAt,
      txHash: order!.txHash,
      watch: { id: watch.id, brand: watch.brand, model: watch.model },
      holder: { tokenAccount: getAssociatedTokenAddressSync(new PublicKey(mint), buyer.publicKey, false, TOKEN_2022_PROGRAM_ID).toBase58(), owner: buyer.publicKey.toBase58() },
      // The mint transaction gave it to the buyer: the first holder, read from the chain.
      custody: { holders: [{ wallet: buyer.publicKey.toBase58(), since: expect.any(String) as string, signature: expect.any(String) as string }], complete: true },
      report: null,
      freeze: { authority: true, frozen: false },
      service: { status: 'none', chainHash: null, storedHash: null, events: [] },
      passport: `https://orx.example/passport/${mint}.json`,
    } satisfies CertificateVerdict);
  });

  it('gives an order paid from a phone (QR code) to the wallet the chain shows as payer', async () => {
    const phone = await funded();
    const { orderId, mint } = await buy(phone, { fromPhone: true });
    expect((await getStores().orders.get(orderId))!.wallet).toBe(phone.publicKey.toBase58());
    expect((await getStores().orders.listByWallet(phone.publicKey.toBase58())).map((order) => order.id)).toEqual([orderId]);
    expect(await verify(mint)).toMatchObject({ verdict: 'genuine', holder: { owner: phone.publicKey.toBase58() } });
  });

  it('finds a counterfeit with the shop\'s name, symbol, uri and update authority not genuine, and says why', async () => {
    const attacker = await funded();
    const { orderId } = await buy(await funded());
    const fake = Keypair.generate();
    const victim = Keypair.generate().publicKey;
    // The attacker's own "ORX" collection: the counterfeit can be a member of that one.
    const attackerGroup = await ensureCertificateGroup(connection, attacker);
    const metadata = { mint: fake.publicKey, updateAuthority: authority.publicKey, name: `ORX ${watch.brand} ${watch.model}`.slice(0, 32), symbol: CERTIFICATE_SYMBOL, uri: `https://orx.example/api/certificates/${orderId}`, additionalMetadata: [] as [string, string][] };
    const mintSpace = getMintLen(CERTIFICATE_MINT_EXTENSIONS);
    const lamports = await connection.getMinimumBalanceForRentExemption(mintSpace + 2 * (TYPE_SIZE + LENGTH_SIZE) + pack(metadata).length + 80);
    // The same transaction the shop sends, with the shop's authority named where it is no signer.
    const transaction = certificateTransaction({ authority: attacker.publicKey, mint: fake.publicKey, group: attackerGroup, owner: victim, metadata, lamports, mintSpace });
    // Token-2022's metadata initialisation: [metadata, update authority, mint, mint authority]. The update authority need not sign.
    transaction.instructions[4]!.keys[1] = { pubkey: authority.publicKey, isSigner: false, isWritable: false };
    await sendSigned(connection, transaction, [attacker, fake]);
    expect(await getTokenMetadata(connection, fake.publicKey, 'confirmed', TOKEN_2022_PROGRAM_ID)).toMatchObject({ updateAuthority: authority.publicKey, symbol: 'ORX', name: metadata.name, uri: metadata.uri });

    expect(await verify(fake.publicKey)).toEqual({ verdict: 'not-genuine', mint: fake.publicKey.toBase58(), reasons: ['not-member', 'not-recorded'] });
  });

  it('cannot be fooled into the collection: joining it needs the shop\'s signature', async () => {
    const attacker = await funded();
    await ensureCertificateGroup(connection, authority);
    const fake = Keypair.generate();
    const metadata = { mint: fake.publicKey, updateAuthority: authority.publicKey, name: 'ORX fake', symbol: CERTIFICATE_SYMBOL, uri: 'https://orx.example/x', additionalMetadata: [] as [string, string][] };
    const transaction = certificateTransaction({ authority: attacker.publicKey, mint: fake.publicKey, group: certificateGroupKeypair(authority).publicKey, owner: attacker.publicKey, metadata, lamports: LAMPORTS_PER_SOL, mintSpace: getMintLen([ExtensionType.MetadataPointer, ExtensionType.GroupMemberPointer]) });
    // The member instruction names the collection's update authority as signer: without the shop's key the chain refuses.
    const member = transaction.instructions[5]!;
    // [member, member mint, member mint authority, group, group update authority]
    member.keys[4] = { pubkey: authority.publicKey, isSigner: false, isWritable: false };
    await expect(send(transaction, [attacker, fake])).rejects.toThrow(/MissingRequiredSignature|missing required signature/i);
    expect(await connection.getAccountInfo(fake.publicKey)).toBeNull();
  });

  it('shows the new holder after a transfer, and a burned certificate as burned', async () => {
    const buyer = await funded();
    const { mint } = await buy(buyer);
    const mintKey = new PublicKey(mint);
    const nextOwner = Keypair.generate().publicKey;
    const from = getAssociatedTokenAddressSync(mintKey, buyer.publicKey, false, TOKEN_2022_PROGRAM_ID);
    const to = getAssociatedTokenAddressSync(mintKey, nextOwner, false, TOKEN_2022_PROGRAM_ID);
    await send(
      new Transaction().add(
        createAssociatedTokenAccountIdempotentInstruction(buyer.publicKey, to, nextOwner, mintKey, TOKEN_2022_PROGRAM_ID),
        createTransferCheckedInstruction(from, mintKey, to, buyer.publicKey, 1, 0, [], TOKEN_2022_PROGRAM_ID),
      ),
      [buyer],
    );
    expect(await verify(mint)).toMatchObject({ verdict: 'genuine', holder: { tokenAccount: to.toBase58(), owner: nextOwner.toBase58() } });

    const second = await buy(buyer);
    const secondKey = new PublicKey(second.mint);
    const account = getAssociatedTokenAddressSync(secondKey, buyer.publicKey, false, TOKEN_2022_PROGRAM_ID);
    await send(new Transaction().add(createBurnCheckedInstruction(account, secondKey, buyer.publicKey, 1, 0, [], TOKEN_2022_PROGRAM_ID)), [buyer]);
    expect(await verify(second.mint)).toEqual({ verdict: 'not-genuine', mint: second.mint, reasons: ['burned'] });
  });

  it('proves a certificate minted before the collection existed by the shop\'s record', async () => {
    const buyer = await funded();
    const intent = (await (await createIntent(await signedInPost('https://orx.example/api/payments', { watchId: watch.id, wallet: buyer.publicKey.toBase58(), shipping }, buyer.publicKey.toBase58()))).json()) as PaymentIntentResponse;
    await sendPayment(connection, { payer: buyer, recipient: merchant, lamports: BigInt(intent.lamports), reference: new PublicKey(intent.reference) });
    await verifyPayment(post(`/api/payments/${intent.orderId}/verify`, {}), { params: Promise.resolve({ id: intent.orderId }) });
    // The first release's certificate: the same transaction without the collection's two extensions.
    const legacy = certificateMintKeypair(authority, intent.orderId);
    const metadata = { mint: legacy.publicKey, updateAuthority: authority.publicKey, name: 'ORX legacy', symbol: CERTIFICATE_SYMBOL, uri: 'https://orx.example/x', additionalMetadata: [] as [string, string][] };
    const mintSpace = getMintLen([ExtensionType.MetadataPointer]);
    const transaction = certificateTransaction({ authority: authority.publicKey, mint: legacy.publicKey, group: PublicKey.default, owner: buyer.publicKey, metadata, lamports: LAMPORTS_PER_SOL / 100, mintSpace });
    transaction.instructions = transaction.instructions.filter((_, index) => index !== 2 && index !== 5);
    await sendSigned(connection, transaction, [authority, legacy]);
    await getStores().orders.recordCertificate(intent.orderId, legacy.publicKey.toBase58());

    expect(await verify(legacy.publicKey)).toMatchObject({ verdict: 'genuine', provenance: 'record', orderId: intent.orderId, holder: { owner: buyer.publicKey.toBase58() } });
  });

  it('finds nothing at a random address, and no certificate in an ordinary wallet', async () => {
    const random = Keypair.generate().publicKey;
    expect(await verify(random)).toEqual({ verdict: 'not-genuine', mint: random.toBase58(), reasons: ['no-account', 'not-recorded'] });
    expect(await verify(authority.publicKey)).toEqual({ verdict: 'not-genuine', mint: authority.publicKey.toBase58(), reasons: ['not-token-2022', 'not-recorded'] });
  });
});

describe('the certificate\'s picture', () => {
  it('is a PNG card the token\'s metadata names once the certificate is minted', async () => {
    const { orderId } = await buy(await funded());
    const params = { params: Promise.resolve({ id: orderId }) };
    const metadata = await (await certificateJson(new Request('https://orx.example'), params)).json();
    expect(metadata.image).toBe(`https://orx.example/api/certificates/${orderId}/image`);
    const response = await certificateImage(new Request(metadata.image), params);
    expect(response.headers.get('content-type')).toBe('image/png');
    expect(await sharp(Buffer.from(await response.arrayBuffer())).metadata()).toMatchObject({ format: 'png', width: CARD_WIDTH, height: CARD_HEIGHT });
  });
});

describe('GET /api/verify/{mint}', () => {
  const get = (mint: string, client = '203.0.113.7') =>
    verifyApi(new Request(`https://orx.example/api/verify/${encodeURIComponent(mint)}`, { headers: { 'x-forwarded-for': client } }), { params: Promise.resolve({ mint }) });

  it('answers a genuine certificate\'s verdict', async () => {
    const { mint } = await buy(await funded());
    const response = await get(mint);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ verdict: 'genuine', mint });
  });

  it('answers malformed input with 400, never a 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.string(), fc.string({ unit: 'binary', maxLength: 200 }), fc.constantFrom('', ' ', '0'.repeat(44), 'O'.repeat(32), `${'1'.repeat(32)}\n`, '../../etc/passwd', 'A'.repeat(10_000))), async (raw) => {
        const response = await get(raw, '198.51.100.1');
        expect(response.status).toBeLessThan(500);
        if (!/^[1-9A-HJ-NP-Za-km-z]{32,44}$/.test(raw)) expect(response.status).toBe(400);
      }),
      { numRuns: 120 },
    );
  });

  it('limits each client\'s lookups', async () => {
    // One address: its verdict is kept after the first lookup, yet every lookup counts.
    const address = Keypair.generate().publicKey.toBase58();
    const statuses: number[] = [];
    for (let i = 0; i < 61; i++) statuses.push((await get(address, '192.0.2.99')).status);
    expect(statuses.slice(0, 60)).toEqual(Array(60).fill(200));
    expect(statuses[60]).toBe(429);
    expect((await get(address, '192.0.2.100')).status).toBe(200);
  });

  it('says it cannot check when the chain cannot be read, never a verdict', async () => {
    process.env.SOLANA_RPC_URL = 'http://127.0.0.1:9';
    shop.forgetRuntime();
    try {
      const response = await get(Keypair.generate().publicKey.toBase58(), '192.0.2.200');
      expect(response.status).toBe(503);
      expect((await response.json()).error).toMatch(/cannot be checked right now/);
    } finally {
      process.env.SOLANA_RPC_URL = chain.url;
      shop.forgetRuntime();
    }
  });
});
