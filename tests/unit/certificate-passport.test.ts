import {
  TOKEN_2022_PROGRAM_ID,
  createAssociatedTokenAccountIdempotentInstruction,
  createInitializeMintInstruction,
  createTransferCheckedInstruction,
  createTransferInstruction,
  getAssociatedTokenAddressSync,
  getMintLen,
  getTokenMetadata,
} from '@solana/spl-token';
import { createSignInMessageText } from '@solana/wallet-standard-util';
import { Keypair, LAMPORTS_PER_SOL, PublicKey, Transaction } from '@solana/web3.js';
import Ajv2020 from 'ajv/dist/2020';
import fc from 'fast-check';
import { NextRequest } from 'next/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '@/lib/auth/password';
import type { Watch } from '@/lib/catalog/types';
import type { SignInChallenge } from '@/lib/sign-in/message';
import type { HolderAction } from '@/lib/certificate/holder-request';
import type { CertificateVerdict, ServiceEvent } from '@/lib/certificate/verdict';
import type { Order } from '@/lib/orders/types';
import { adminCall, errorOf } from '../support/admin-call';
import { paidFinalOrder, restock } from '../support/intents';
import { startPaymentsShop, type PaymentsShop } from '../support/payments-shop';
import { signAs } from '../support/wallet-sign-in-routes';
import { startWebhookReceiver, WEBHOOK_TEST_SECRET, type WebhookReceiver } from '../support/webhook-receiver';

/**
 * The certificate after the sale (issue 53), on the local chain (litesvm standing in for Devnet):
 * real certificates minted by the shop, moved between wallets by their holders' own keys, signed
 * requests made as a wallet makes them (SIWS text, ed25519), the staff routes called as Next calls
 * them, and the webhook received by a real receiver that verifies each call.
 */

type Genuine = Extract<CertificateVerdict, { verdict: 'genuine' }>;
type Handler = (request: NextRequest, context: { params: Promise<Record<string, string>> }) => Promise<Response>;

const SITE = new URL('https://orx.example');
let shop: PaymentsShop;
let receiver: WebhookReceiver;
let watch: Watch;
let cookies: Record<'owner' | 'fulfilment' | 'catalogue' | 'ownerNotSteppedUp', string>;
let routes: Record<'challenge' | 'possession' | 'report' | 'clear' | 'accept' | 'verify' | 'passport' | 'schema' | 'certify' | 'admin' | 'addEvent' | 'anchor' | 'ownerClear' | 'freeze', Handler>;
let stores: Awaited<typeof import('@/lib/shop/stores')>['getStores'];
let runBackgroundWork: () => Promise<unknown>;
let readPossessionProof: typeof import('@/lib/certificate/possession')['readPossessionProof'];
let serviceHistoryHash: typeof import('@/lib/certificate/service-history')['serviceHistoryHash'];
let auditPage: (kind: string) => Promise<{ actor: string; kind: string; subject: string | null }[]>;
let database: () => Promise<import('@electric-sql/pglite').PGlite>;

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  shop = await startPaymentsShop(150, 'orx-passport-', {
    SUPABASE_URL: '',
    SUPABASE_ANON_KEY: '',
    SUPABASE_SERVICE_ROLE_KEY: '',
    ADMIN_USERNAME: 'operator',
    ADMIN_PASSWORD_HASH: await hashPassword('the right password', { N: 2 ** 10, r: 8, p: 1 }),
    SESSION_SECRET: 'a-session-secret-for-the-passport-tests-0123456789',
    ORDER_WEBHOOK_URL: receiver.url,
    ORDER_WEBHOOK_SECRET: WEBHOOK_TEST_SECRET,
  });
  ({ getStores: stores } = await import('@/lib/shop/stores'));
  ({ runBackgroundWork } = await import('@/lib/jobs/background-work'));
  ({ readPossessionProof } = await import('@/lib/certificate/possession'));
  ({ serviceHistoryHash } = await import('@/lib/certificate/service-history'));
  const { auditStore } = await import('@/lib/audit/server-store');
  auditPage = (kind) => auditStore().page({ kind, limit: 100 });
  const { openEmbeddedDatabase } = await import('@/lib/db/embedded');
  database = () => openEmbeddedDatabase(shop.dataDir);
  const { staffCookie } = await import('../support/staff-session');
  const load = async (path: string, method: string) => (await import(/* @vite-ignore */ path))[method] as Handler;
  routes = {
    challenge: await load('@/app/api/verify/[mint]/challenge/route', 'POST'),
    possession: await load('@/app/api/verify/[mint]/possession/route', 'POST'),
    report: await load('@/app/api/verify/[mint]/report/route', 'POST'),
    clear: await load('@/app/api/verify/[mint]/report/clear/route', 'POST'),
    accept: await load('@/app/api/verify/[mint]/service-events/[id]/accept/route', 'POST'),
    verify: await load('@/app/api/verify/[mint]/route', 'GET'),
    passport: await load('@/app/passport/[file]/route', 'GET'),
    schema: await load('@/app/passport/schema.json/route', 'GET'),
    certify: await load('@/app/api/payments/[id]/certificate/route', 'POST'),
    admin: await load('@/app/api/admin/certificates/[mint]/route', 'GET'),
    addEvent: await load('@/app/api/admin/certificates/[mint]/service-events/route', 'POST'),
    anchor: await load('@/app/api/admin/certificates/[mint]/service-history/anchor/route', 'POST'),
    ownerClear: await load('@/app/api/admin/certificates/[mint]/report/route', 'DELETE'),
    freeze: await load('@/app/api/admin/certificates/[mint]/freeze/route', 'POST'),
  };
  cookies = {
    owner: await staffCookie('owner'),
    fulfilment: await staffCookie('fulfilment'),
    catalogue: await staffCookie('catalogue'),
    ownerNotSteppedUp: await staffCookie('owner', { secondFactorAt: new Date(Date.now() - 3_600_000) }),
  };
  watch = await restock(stores().catalog, (await stores().catalog.listAll())[0]!, 1000);
}, 120_000);

afterAll(async () => {
  await shop?.close();
  await receiver?.close();
});

async function funded(): Promise<Keypair> {
  const wallet = Keypair.generate();
  await shop.chain.airdrop(wallet.publicKey, 10n * BigInt(LAMPORTS_PER_SOL));
  return wallet;
}

/** A paid, final order of `buyer`. */
const paidOrder = (buyer: Keypair): Promise<Order> => paidFinalOrder(stores().orders, watch, buyer.publicKey.toBase58());

/** A paid, final order of `buyer`, certified by the shop's own route: the certificate's mint. */
async function certified(buyer: Keypair): Promise<{ order: Order; mint: string }> {
  const order = await paidOrder(buyer);
  const response = await routes.certify(new NextRequest(new URL(`/api/payments/${order.id}/certificate`, SITE), { method: 'POST', body: '{}' }), { params: Promise.resolve({ id: order.id }) });
  const body = (await response.json()) as { certificate: { status: string; mint?: string } };
  if (body.certificate.status !== 'minted') throw new Error(`Not minted: ${JSON.stringify(body)}`);
  return { order, mint: body.certificate.mint! };
}

const holding = (mint: string, owner: PublicKey) => getAssociatedTokenAddressSync(new PublicKey(mint), owner, false, TOKEN_2022_PROGRAM_ID);

async function send(transaction: Transaction, signers: Keypair[]): Promise<string> {
  const { blockhash } = await shop.connection.getLatestBlockhash();
  transaction.recentBlockhash = blockhash;
  transaction.feePayer = signers[0]!.publicKey;
  transaction.sign(...signers);
  const signature = await shop.connection.sendRawTransaction(transaction.serialize());
  const { waitForConfirmation } = await import('@/lib/chain/confirm');
  await waitForConfirmation(shop.connection, signature, 10_000, 50);
  return signature;
}

/**
 * The holder gives the certificate to `to`: with TransferChecked (which names the mint) as wallets
 * do, or with the plain Transfer, which names only the two token accounts.
 */
async function give(mint: string, from: Keypair, to: PublicKey, { plain = false } = {}): Promise<string> {
  const key = new PublicKey(mint);
  const source = holding(mint, from.publicKey);
  const target = holding(mint, to);
  return send(
    new Transaction().add(
      createAssociatedTokenAccountIdempotentInstruction(from.publicKey, target, to, key, TOKEN_2022_PROGRAM_ID),
      plain
        ? createTransferInstruction(source, target, from.publicKey, 1, [], TOKEN_2022_PROGRAM_ID)
        : createTransferCheckedInstruction(source, key, target, from.publicKey, 1, 0, [], TOKEN_2022_PROGRAM_ID),
    ),
    [from],
  );
}

/** Each request from a client of its own: the per-client limits are not this file's subject. */
const anyAddress = () => `10.${Array.from({ length: 3 }, () => Math.floor(Math.random() * 256)).join('.')}`;

const shopRequest = (path: string, body?: unknown, method = 'POST') =>
  new NextRequest(new URL(path, SITE), {
    method,
    headers: { origin: SITE.origin, host: SITE.host, 'content-type': 'application/json', 'x-forwarded-for': anyAddress() },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

/** The SIWS proof a wallet gives for a challenge: its text, signed by the key. */
function proofOf(challenge: SignInChallenge, signer: Keypair) {
  const address = signer.publicKey.toBase58();
  const text = new TextEncoder().encode(createSignInMessageText({ ...challenge, address }));
  return { address, signedMessage: Buffer.from(text).toString('base64'), signature: Buffer.from(signAs(signer, text)).toString('base64') };
}

async function challengeFor(mint: string, action: HolderAction, eventId?: string): Promise<SignInChallenge> {
  const response = await routes.challenge(shopRequest(`/api/verify/${mint}/challenge`, { action, eventId }), { params: Promise.resolve({ mint }) });
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as SignInChallenge;
}

/** A holder's request as the page sends it: a challenge for the action, signed by `signer`, then the request. */
async function signed(route: Handler, path: string, mint: string, action: HolderAction, signer: Keypair, body: Record<string, unknown> = {}, params: Record<string, string> = {}) {
  const proof = proofOf(await challengeFor(mint, action, params.id), signer);
  return route(shopRequest(path, { ...body, proof }), { params: Promise.resolve({ mint, ...params }) });
}

async function verdictOf(mint: string): Promise<Genuine> {
  const response = await adminCall(routes.admin, { cookie: cookies.fulfilment, params: { mint } });
  expect(response.status).toBe(200);
  const verdict = (await response.json()) as CertificateVerdict;
  if (verdict.verdict !== 'genuine') throw new Error(`Not genuine: ${JSON.stringify(verdict)}`);
  return verdict;
}

const report = (mint: string, signer: Keypair, body: Record<string, unknown> = { kind: 'stolen', occurredOn: '2026-11-20', policeReference: 'MET-2026-1120-77' }) =>
  signed(routes.report, `/api/verify/${mint}/report`, mint, 'report', signer, body);
const clear = (mint: string, signer: Keypair) => signed(routes.clear, `/api/verify/${mint}/report/clear`, mint, 'clear-report', signer);
const prove = (mint: string, signer: Keypair) => signed(routes.possession, `/api/verify/${mint}/possession`, mint, 'prove', signer);

/** The webhook calls received of that type for that certificate. */
const hooksOf = (mint: string, type: string) =>
  receiver.received.filter((call) => {
    const payload = call.payload as { type: string; data: { certificateMint?: string; report?: { mint: string } } };
    return payload.type === type && payload.data.report?.mint === mint;
  });

describe('chain of custody', () => {
  it('lists A, B and C, oldest first, with the day each received it and the transaction, from the chain alone', async () => {
    const [a, b] = [await funded(), await funded()];
    const c = Keypair.generate().publicKey;
    const { mint } = await certified(a);
    const toB = await give(mint, a, b.publicKey);
    // A plain Transfer names only the two token accounts: the history is followed through them.
    const toC = await give(mint, b, c, { plain: true });

    const { custody, holder } = await verdictOf(mint);
    expect(custody.complete).toBe(true);
    expect(custody.holders.map((entry) => entry.wallet)).toEqual([a.publicKey, b.publicKey, c].map((key) => key.toBase58()));
    expect(custody.holders.slice(1).map((entry) => entry.signature)).toEqual([toB, toC]);
    for (const entry of custody.holders) expect(Date.parse(entry.since!)).toBeGreaterThan(Date.now() - 600_000);
    expect(holder?.owner).toBe(c.toBase58());

    // The public answer is the same; a wallet that receives it back is listed again.
    const publicVerdict = (await (await routes.verify(shopRequest(`/api/verify/${mint}`, undefined, 'GET'), { params: Promise.resolve({ mint }) })).json()) as Genuine;
    expect(publicVerdict.custody).toEqual(custody);
  });

  it('lists a wallet once per time it received the certificate', async () => {
    const [a, b] = [await funded(), await funded()];
    const { mint } = await certified(a);
    await give(mint, a, b.publicKey);
    await give(mint, b, a.publicKey);
    expect((await verdictOf(mint)).custody.holders.map((entry) => entry.wallet)).toEqual([a, b, a].map((key) => key.publicKey.toBase58()));
  });
});

describe('proof of possession', () => {
  it('lets the holder prove it with a link valid 15 minutes; the wallet before cannot', async () => {
    const [a, c] = [await funded(), await funded()];
    const { mint } = await certified(a);
    await give(mint, a, c.publicKey);

    const refused = await prove(mint, a);
    expect(refused.status).toBe(403);
    expect(await errorOf(refused)).toBe(`This wallet does not hold the certificate: the Solana chain shows ${c.publicKey.toBase58()} as its holder. Sign with the wallet that holds it.`);

    const proven = await prove(mint, c);
    expect(proven.status).toBe(201);
    const { url, wallet, expiresAt, provenAt } = (await proven.json()) as { url: string; wallet: string; provenAt: string; expiresAt: string };
    expect(wallet).toBe(c.publicKey.toBase58());
    expect(Date.parse(expiresAt) - Date.parse(provenAt)).toBe(15 * 60_000);
    const link = new URL(url);
    expect(link.origin).toBe(SITE.origin);
    const [, , linkMint, , token] = link.pathname.split('/');
    expect(linkMint).toBe(mint);

    expect(await readPossessionProof(mint, token!, new Date())).toEqual({ ok: true, mint, wallet: c.publicKey.toBase58(), provenAt, expiresAt });
    expect(await readPossessionProof(mint, token!, new Date(Date.parse(expiresAt)))).toEqual({ ok: false, message: expect.stringMatching(/^This proof of possession has expired/) });
    // The link names its certificate: it proves nothing of another, and a changed byte breaks it.
    const other = (await certified(c)).mint;
    expect(await readPossessionProof(other, token!, new Date())).toMatchObject({ ok: false, message: 'This is not a proof of possession issued by ORX for this certificate.' });
    const forged = `${token!.slice(0, -2)}${token!.endsWith('AA') ? 'AB' : 'AA'}`;
    expect(await readPossessionProof(mint, forged, new Date())).toMatchObject({ ok: false });
  });

  it('refuses a signature made for another purpose, another mint, or used twice', async () => {
    const holder = await funded();
    const { mint } = await certified(holder);
    const other = (await certified(holder)).mint;
    const asAnotherAction = proofOf(await challengeFor(mint, 'report'), holder);
    const forOther = proofOf(await challengeFor(other, 'prove'), holder);
    for (const proof of [asAnotherAction, forOther]) {
      const response = await routes.possession(shopRequest(`/api/verify/${mint}/possession`, { proof }), { params: Promise.resolve({ mint }) });
      expect(response.status).toBe(401);
    }
    const once = proofOf(await challengeFor(mint, 'prove'), holder);
    const first = await routes.possession(shopRequest(`/api/verify/${mint}/possession`, { proof: once }), { params: Promise.resolve({ mint }) });
    expect(first.status).toBe(201);
    const again = await routes.possession(shopRequest(`/api/verify/${mint}/possession`, { proof: once }), { params: Promise.resolve({ mint }) });
    expect(again.status).toBe(401);
    expect(await errorOf(again)).toBe('This request was already used or has expired. Please sign it again.');
  });
});

describe('reported stolen or missing', () => {
  it('is refused from a wallet that does not hold it, taken from the holder, shown first, sent to the webhook and put on the trail', async () => {
    const [a, c] = [await funded(), await funded()];
    const { mint, order } = await certified(a);
    await give(mint, a, c.publicKey);

    expect((await report(mint, a)).status).toBe(403);
    expect((await verdictOf(mint)).report).toBeNull();

    const future = await report(mint, c, { kind: 'stolen', occurredOn: '2999-01-01' });
    expect(future.status).toBe(400);
    expect(await errorOf(future)).toBe('The date cannot be in the future');

    const reported = await report(mint, c);
    expect(reported.status).toBe(201);
    const verdict = await verdictOf(mint);
    expect(verdict.report).toEqual({
      id: expect.any(String),
      kind: 'stolen',
      occurredOn: '2026-11-20',
      policeReference: 'MET-2026-1120-77',
      reportedBy: c.publicKey.toBase58(),
      reportedAt: expect.any(String),
    });
    expect((await report(mint, c)).status).toBe(409);

    await runBackgroundWork();
    const [hook] = hooksOf(mint, 'certificate.reported');
    expect(hook?.payload).toMatchObject({ type: 'certificate.reported', data: { orderId: order.id, report: { kind: 'stolen', reportedBy: c.publicKey.toBase58(), clearedAt: null } } });
    expect((await auditPage('certificate_report')).filter((line) => line.subject === `certificate:${mint}`)).toEqual([
      expect.objectContaining({ kind: 'certificate_report.create', actor: `wallet ${c.publicKey.toBase58()}` }),
    ]);
  });

  it('is cleared only by the wallet that reported it, or by the owner with a recent second factor', async () => {
    const [a, c] = [await funded(), await funded()];
    const { mint } = await certified(a);
    await give(mint, a, c.publicKey);
    expect((await report(mint, c, { kind: 'missing', occurredOn: '2026-11-01' })).status).toBe(201);
    // Even after the certificate moved on, only the reporter clears it.
    await give(mint, c, a.publicKey);
    const byOther = await clear(mint, a);
    expect(byOther.status).toBe(403);
    expect(await errorOf(byOther)).toBe(`Only the wallet that made the report (${c.publicKey.toBase58()}), or ORX’s owner, can clear it.`);
    expect((await clear(mint, c)).status).toBe(200);
    expect((await verdictOf(mint)).report).toBeNull();
    expect((await clear(mint, c)).status).toBe(404);

    expect((await report(mint, a)).status).toBe(201);
    expect((await adminCall(routes.ownerClear, { cookie: cookies.fulfilment, method: 'DELETE', params: { mint } })).status).toBe(403);
    expect((await adminCall(routes.ownerClear, { cookie: cookies.ownerNotSteppedUp, method: 'DELETE', params: { mint } })).status).toBe(403);
    expect((await adminCall(routes.ownerClear, { cookie: cookies.owner, method: 'DELETE', params: { mint } })).status).toBe(200);
    expect((await verdictOf(mint)).report).toBeNull();

    await runBackgroundWork();
    expect(hooksOf(mint, 'certificate.report_cleared')).toHaveLength(2);
    const actors = (await auditPage('certificate_report')).filter((line) => line.subject === `certificate:${mint}` && line.kind === 'certificate_report.update').map((line) => line.actor);
    expect(actors.sort()).toEqual(['operator', `wallet ${c.publicKey.toBase58()}`].sort());
  });
});

describe('freeze authority', () => {
  it('freezes a reported certificate so it cannot be moved on, and thaws it, for the owner with step-up only', async () => {
    const [a, b] = [await funded(), await funded()];
    const { mint } = await certified(a);
    expect((await verdictOf(mint)).freeze).toEqual({ authority: true, frozen: false });

    const notReported = await adminCall(routes.freeze, { cookie: cookies.owner, method: 'POST', body: { frozen: true }, params: { mint } });
    expect(notReported.status).toBe(409);
    expect((await report(mint, a)).status).toBe(201);
    expect((await adminCall(routes.freeze, { cookie: cookies.fulfilment, method: 'POST', body: { frozen: true }, params: { mint } })).status).toBe(403);
    expect((await adminCall(routes.freeze, { cookie: cookies.ownerNotSteppedUp, method: 'POST', body: { frozen: true }, params: { mint } })).status).toBe(403);
    const frozen = await adminCall(routes.freeze, { cookie: cookies.owner, method: 'POST', body: { frozen: true }, params: { mint } });
    expect(frozen.status, await frozen.clone().text()).toBe(200);
    expect((await verdictOf(mint)).freeze).toEqual({ authority: true, frozen: true });
    await expect(give(mint, a, b.publicKey)).rejects.toThrow(/failed|frozen|0x11/i);
    expect((await verdictOf(mint)).holder?.owner).toBe(a.publicKey.toBase58());

    expect((await adminCall(routes.freeze, { cookie: cookies.owner, method: 'POST', body: { frozen: false }, params: { mint } })).status).toBe(200);
    await give(mint, a, b.publicKey);
    expect((await verdictOf(mint)).holder?.owner).toBe(b.publicKey.toBase58());
    const trail = (await auditPage('certificate')).filter((line) => line.subject === `certificate:${mint}`).map((line) => line.kind);
    expect(trail).toEqual(expect.arrayContaining(['certificate.freeze', 'certificate.thaw']));
  });

  it('says a certificate minted before the freeze authority cannot be frozen, and still takes its report', async () => {
    const a = await funded();
    const order = await paidOrder(a);
    // A certificate as the shop minted them before issue 53: the same transaction with no freeze authority.
    const { certificateTransaction, CERTIFICATE_MINT_EXTENSIONS, CERTIFICATE_SYMBOL } = await import('@/lib/certificate/mint');
    const { certificateGroupKeypair } = await import('@/lib/certificate/group');
    const older = Keypair.generate();
    const metadata = { mint: older.publicKey, updateAuthority: shop.authority.publicKey, name: 'ORX older', symbol: CERTIFICATE_SYMBOL, uri: 'https://orx.example/x', additionalMetadata: [] as [string, string][] };
    const group = certificateGroupKeypair(shop.authority).publicKey;
    const transaction = certificateTransaction({ authority: shop.authority.publicKey, mint: older.publicKey, group, owner: a.publicKey, metadata, lamports: LAMPORTS_PER_SOL / 50, mintSpace: getMintLen(CERTIFICATE_MINT_EXTENSIONS) });
    transaction.instructions[3] = createInitializeMintInstruction(older.publicKey, 0, shop.authority.publicKey, null, TOKEN_2022_PROGRAM_ID);
    await send(transaction, [shop.authority, older]);
    await stores().orders.recordCertificate(order.id, older.publicKey.toBase58());
    const mint = older.publicKey.toBase58();

    expect((await verdictOf(mint)).freeze).toEqual({ authority: false, frozen: false });
    expect((await report(mint, a)).status).toBe(201);
    const refused = await adminCall(routes.freeze, { cookie: cookies.owner, method: 'POST', body: { frozen: true }, params: { mint } });
    expect(refused.status).toBe(409);
    expect(await errorOf(refused)).toBe('This certificate was minted before ORX held a freeze authority: it cannot be frozen.');
  });
});

describe('service history on chain', () => {
  const event = { servicedOn: '2026-06-02', servicedBy: 'Rolex Service Centre, Geneva', work: 'Full service: movement overhauled, gaskets replaced, case refinished.', photos: ['/images/watch-placeholder.svg'] };

  it('writes the history’s hash into the metadata, says so on /verify, and finds an event changed in the database alone', async () => {
    const holder = await funded();
    const { mint } = await certified(holder);
    expect((await verdictOf(mint)).service).toEqual({ status: 'none', chainHash: null, storedHash: null, events: [] });
    expect((await adminCall(routes.addEvent, { cookie: cookies.catalogue, method: 'POST', body: event, params: { mint } })).status).toBe(403);

    const added = await adminCall(routes.addEvent, { cookie: cookies.fulfilment, method: 'POST', body: event, params: { mint } });
    expect(added.status, await added.clone().text()).toBe(201);
    const first = (await added.json()) as { event: ServiceEvent; anchored: boolean; chainHash: string };
    expect(first).toMatchObject({ anchored: true, event: { ...event, confirmation: null } });
    expect(first.chainHash).toBe(serviceHistoryHash([first.event]));
    const onChain = await getTokenMetadata(shop.connection, new PublicKey(mint), 'confirmed', TOKEN_2022_PROGRAM_ID);
    expect(onChain?.additionalMetadata).toEqual([['service_history_sha256', first.chainHash]]);
    expect((await verdictOf(mint)).service).toMatchObject({ status: 'verified', chainHash: first.chainHash, storedHash: first.chainHash });

    const second = (await (await adminCall(routes.addEvent, { cookie: cookies.owner, method: 'POST', body: { ...event, servicedOn: '2026-11-02', work: 'Crystal replaced.', photos: [] }, params: { mint } })).json()) as { event: ServiceEvent; chainHash: string };
    const both = (await verdictOf(mint)).service;
    expect(both.events.map((entry) => entry.id)).toEqual([first.event.id, second.event.id]);
    expect(both).toMatchObject({ status: 'verified', chainHash: serviceHistoryHash(both.events) });

    await (await database()).query("update public.service_events set work = 'Nothing was done.' where id = $1", [first.event.id]);
    expect((await verdictOf(mint)).service).toMatchObject({ status: 'mismatch', chainHash: second.chainHash });

    // Writing the chain again makes it the truth of the database: that is staff's deliberate act.
    expect((await adminCall(routes.anchor, { cookie: cookies.fulfilment, method: 'POST', params: { mint } })).status).toBe(200);
    expect((await verdictOf(mint)).service.status).toBe('verified');
  });

  it('refuses an event past its limits, and lets only the holder confirm one, once', async () => {
    const [holder, stranger] = [await funded(), await funded()];
    const { mint } = await certified(holder);
    for (const [body, message] of [
      [{ ...event, servicedOn: '2999-01-01' }, 'The service date cannot be in the future'],
      [{ ...event, servicedBy: '' }, 'Who serviced it is required'],
      [{ ...event, work: 'x'.repeat(2001) }, 'What was done must be at most 2000 characters'],
      [{ ...event, photos: ['javascript:alert(1)'] }, 'A photo must be an http(s) URL or one of the shop’s own pictures'],
      [{ ...event, photos: Array(7).fill('/images/watch-placeholder.svg') }, 'At most 6 photos'],
    ] as const) {
      const response = await adminCall(routes.addEvent, { cookie: cookies.fulfilment, method: 'POST', body, params: { mint } });
      expect(response.status).toBe(400);
      expect(await errorOf(response)).toBe(message);
    }
    expect((await verdictOf(mint)).service.events).toEqual([]);

    const { event: added } = (await (await adminCall(routes.addEvent, { cookie: cookies.fulfilment, method: 'POST', body: event, params: { mint } })).json()) as { event: ServiceEvent };
    const accept = (signer: Keypair) => signed(routes.accept, `/api/verify/${mint}/service-events/${added.id}/accept`, mint, 'accept-service', signer, {}, { id: added.id });
    expect((await accept(stranger)).status).toBe(403);
    const accepted = await accept(holder);
    expect(accepted.status).toBe(200);
    const confirmation = (await verdictOf(mint)).service.events[0]!.confirmation!;
    expect(confirmation.wallet).toBe(holder.publicKey.toBase58());
    expect(Buffer.from(confirmation.signedMessage, 'base64').toString('utf8')).toContain(`Confirm service event ${added.id} of the ORX certificate ${mint}.`);
    expect((await accept(holder)).status).toBe(409);
    // The acceptance is a signature beside the events: the chain's hash still holds.
    expect((await verdictOf(mint)).service.status).toBe('verified');
  });
});

describe('passport', () => {
  it('validates against its published schema and carries the same data as /verify', async () => {
    const [a, b] = [await funded(), await funded()];
    const { mint } = await certified(a);
    await give(mint, a, b.publicKey);
    await adminCall(routes.addEvent, { cookie: cookies.fulfilment, method: 'POST', body: { servicedOn: '2026-10-10', servicedBy: 'Atelier Horloger', work: 'Pressure test.' }, params: { mint } });
    expect((await report(mint, b)).status).toBe(201);

    const schema = await (await routes.schema(shopRequest('/passport/schema.json', undefined, 'GET'), { params: Promise.resolve({}) })).json();
    const response = await routes.passport(shopRequest(`/passport/${mint}.json`, undefined, 'GET'), { params: Promise.resolve({ file: `${mint}.json` }) });
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    const passport = (await response.json()) as Record<string, unknown>;
    const validate = new Ajv2020({ strict: false, validateFormats: false }).compile(schema);
    expect(validate(passport), JSON.stringify(validate.errors)).toBe(true);

    const verdict = await verdictOf(mint);
    expect(passport).toMatchObject({
      id: mint,
      issuer: 'ORX',
      verifyUrl: `https://orx.example/verify/${mint}`,
      watch: { brand: watch.brand, model: watch.model, reference: watch.reference, year: watch.production_year },
      holder: { wallet: b.publicKey.toBase58() },
      custody: verdict.custody,
      report: { kind: 'stolen', reportedBy: b.publicKey.toBase58() },
      freeze: verdict.freeze,
      serviceHistory: { status: 'verified', events: verdict.service.events },
    });
    // A document that breaks the schema is caught by it: the check can fail.
    expect(validate({ ...passport, report: { kind: 'lost' } })).toBe(false);

    const certificateJson = await (await import('@/app/api/certificates/[id]/route')).GET(new NextRequest(new URL(`/api/certificates/${verdict.orderId}`, SITE)), { params: Promise.resolve({ id: verdict.orderId }) });
    expect(await certificateJson.json()).toMatchObject({ external_url: `https://orx.example/verify/${mint}`, passport: `https://orx.example/passport/${mint}.json` });

    for (const [file, status] of [[`${Keypair.generate().publicKey.toBase58()}.json`, 404], ['not-a-mint.json', 400], [mint, 404]] as const) {
      expect((await routes.passport(shopRequest(`/passport/${file}`, undefined, 'GET'), { params: Promise.resolve({ file }) })).status).toBe(status);
    }
  });
});

describe('input nobody should send', () => {
  it('never answers 5xx, whatever the body, the mint or the event id', async () => {
    const holder = await funded();
    const { mint } = await certified(holder);
    const anything = fc.oneof(fc.jsonValue(), fc.record({ action: fc.string(), eventId: fc.string(), kind: fc.string(), occurredOn: fc.string(), policeReference: fc.string(), proof: fc.jsonValue() }));
    const mints = fc.oneof(fc.constant(mint), fc.string({ maxLength: 60 }), fc.constant(Keypair.generate().publicKey.toBase58()));
    await fc.assert(
      fc.asyncProperty(anything, mints, fc.string({ maxLength: 40 }), async (body, target, id) => {
        for (const [route, path] of [
          [routes.challenge, `/api/verify/x/challenge`],
          [routes.possession, `/api/verify/x/possession`],
          [routes.report, `/api/verify/x/report`],
          [routes.clear, `/api/verify/x/report/clear`],
          [routes.accept, `/api/verify/x/service-events/x/accept`],
        ] as const) {
          const response = await route(shopRequest(path, body), { params: Promise.resolve({ mint: target, id }) });
          expect(response.status).toBeLessThan(500);
        }
        for (const route of [routes.addEvent, routes.freeze]) {
          const response = await adminCall(route, { cookie: cookies.owner, method: 'POST', body, params: { mint: target } });
          expect(response.status).toBeLessThan(500);
        }
      }),
      { numRuns: 40 },
    );
  });
});
