import 'server-only';
import { NextResponse } from 'next/server';
import type { PublicKey } from '@solana/web3.js';
import { getAdminCredentials } from '@/lib/auth/credentials';
import { isSameOrigin } from '@/lib/auth/origin';
import { parseTrustedProxyHops, siteUrl } from '@/lib/config';
import { actingAs } from '@/lib/db/audit-actor';
import { seenClientAddress } from '@/lib/http/client-address';
import { HttpError, jsonError } from '@/lib/http/errors';
import { isJsonRequest, readJsonBody } from '@/lib/http/json-body';
import { refusalAsHttpError } from '@/lib/http/refusal';
import { tooManyRequests } from '@/lib/http/too-many-requests';
import { signInNonceStore } from '@/lib/sign-in/server-store';
import { takeClientLimit, type ClientLimit } from '@/lib/throttle/client-limit';
import { throttleStore } from '@/lib/throttle/server-store';
import { z } from '@/lib/zod';
import { challengeRequestSchema, holderChallenge, verifyHolderProof, type HolderIntent, type SignedHolder } from './holder-proof';
import { forgetVerdict, freshHolder, parseMintAddress, VERIFY_MESSAGES } from './lookup';
import { POSSESSION_PROOF_MINUTES, possessionToken } from './possession';
import { reportRequestSchema } from './requests';
import { certificateRuntime, type CertificateRuntime } from './runtime';
import { certificateRecordStore } from './server-records';

/**
 * What a certificate's holder does on /verify, each a request their wallet signs
 * (lib/certificate/holder-proof.ts): prove they hold it, report it stolen or missing (and clear
 * that), accept a service event. The chain says who holds it, read at the moment of the request.
 */

const MAX_BODY_BYTES = 8 * 1024;

/** Each challenge is a nonce row and each signed request a signature check and chain reads: a client gets a bounded number. */
export const HOLDER_LIMIT: ClientLimit = {
  purpose: 'certificate-holder-client',
  perClient: 30,
  policy: { windowSeconds: 10 * 60, baseDelaySeconds: 60, maxDelaySeconds: 10 * 60 },
};

const holderDependencies = () => ({ nonces: signInNonceStore(), site: siteUrl(), now: new Date() });

async function answer(request: Request, doing: string, handler: () => Promise<Response>): Promise<Response> {
  try {
    if (!isSameOrigin(request.headers)) return jsonError(403, 'Cross-origin request refused');
    const retryAfter = await takeClientLimit(request.headers, throttleStore(), HOLDER_LIMIT);
    if (retryAfter !== null) return tooManyRequests('Too many certificate requests from your connection. Please try again later.', retryAfter);
    if (!isJsonRequest(request)) return jsonError(415, 'Send the body as application/json');
    return await handler();
  } catch (error) {
    const known = error instanceof HttpError ? error : refusalAsHttpError(error, 'The request');
    if (known) return jsonError(known.status, known.message, known.details);
    console.error(`Certificates: could not ${doing}`, error);
    return jsonError(503, `Could not ${doing} right now: the Solana network or the shop’s records could not be read. Please try again.`);
  }
}

async function readBody(request: Request): Promise<Record<string, unknown>> {
  const body = await readJsonBody(request, MAX_BODY_BYTES);
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new HttpError(400, 'Send a JSON object');
  return body as Record<string, unknown>;
}

function certificateOf(rawMint: string): { mint: PublicKey; runtime: CertificateRuntime } {
  const mint = parseMintAddress(rawMint);
  if (!mint) throw new HttpError(400, VERIFY_MESSAGES.malformed);
  const runtime = certificateRuntime();
  if (!runtime) throw new HttpError(404, VERIFY_MESSAGES.unconfigured);
  return { mint, runtime };
}

/** The wallet's signature for this intent, or the 400/401 that says why not. */
async function signedBy(proof: unknown, intent: HolderIntent): Promise<SignedHolder> {
  const outcome = await verifyHolderProof(proof, intent, holderDependencies());
  if (!outcome.ok) throw new HttpError(outcome.reason === 'malformed' ? 400 : 401, outcome.message);
  return outcome.signed;
}

type Held = NonNullable<Awaited<ReturnType<typeof freshHolder>>>;

async function genuine(mint: PublicKey, runtime: CertificateRuntime): Promise<Held> {
  const held = await freshHolder(mint, runtime);
  if (!held) throw new HttpError(404, 'This is not a genuine ORX certificate: there is nothing to sign for.');
  return held;
}

/** The chain's current holder must be the wallet that signed. */
function requireHolder({ holder }: Held, wallet: string): void {
  if (holder?.owner === wallet) return;
  throw new HttpError(
    403,
    holder
      ? `This wallet does not hold the certificate: the Solana chain shows ${holder.owner} as its holder. Sign with the wallet that holds it.`
      : 'Nobody holds this certificate on the chain now, so no wallet can sign for it.',
  );
}

/** Writes made for a holder go on the audit trail as theirs. */
function asHolder<T>(request: Request, wallet: string, work: () => Promise<T>): Promise<T> {
  return actingAs({ id: null, name: `wallet ${wallet}`, address: seenClientAddress(request.headers, parseTrustedProxyHops()) }, work);
}

/** POST /api/verify/{mint}/challenge: the SIWS input the wallet signs for one action. */
export function holderChallengeRoute(request: Request, rawMint: string): Promise<Response> {
  return answer(request, 'start the request', async () => {
    const { mint } = certificateOf(rawMint);
    const asked = challengeRequestSchema.safeParse(await readBody(request));
    if (!asked.success) throw new HttpError(400, 'Send the action (prove, report, clear-report or accept-service) and, to accept a service event, its eventId');
    if (asked.data.action === 'accept-service' && !asked.data.eventId) throw new HttpError(400, 'Name the service event to accept (eventId)');
    const challenge = await holderChallenge({ action: asked.data.action, mint: mint.toBase58(), eventId: asked.data.eventId }, holderDependencies());
    return NextResponse.json(challenge, { headers: { 'cache-control': 'no-store' } });
  });
}

/** POST /api/verify/{mint}/possession: the holder's proof, as a link valid for 15 minutes. */
export function possessionRoute(request: Request, rawMint: string): Promise<Response> {
  return answer(request, 'prove possession', async () => {
    const { mint, runtime } = certificateOf(rawMint);
    const signed = await signedBy((await readBody(request)).proof, { action: 'prove', mint: mint.toBase58() });
    requireHolder(await genuine(mint, runtime), signed.wallet);
    const provenAt = new Date();
    const token = possessionToken(mint.toBase58(), signed.wallet, provenAt, (await getAdminCredentials()).sessionSecret);
    const url = new URL(`/verify/${mint.toBase58()}/proof/${token}`, siteUrl()).toString();
    const expiresAt = new Date(provenAt.getTime() + POSSESSION_PROOF_MINUTES * 60_000).toISOString();
    return NextResponse.json({ url, wallet: signed.wallet, provenAt: provenAt.toISOString(), expiresAt }, { status: 201, headers: { 'cache-control': 'no-store' } });
  });
}

/** POST /api/verify/{mint}/report: the holder reports the watch stolen or missing. */
export function reportRoute(request: Request, rawMint: string): Promise<Response> {
  return answer(request, 'record the report', async () => {
    const { mint, runtime } = certificateOf(rawMint);
    const asked = reportRequestSchema.safeParse(await readBody(request));
    if (!asked.success) throw new HttpError(400, asked.error.issues[0]?.message ?? 'Invalid report');
    const signed = await signedBy(asked.data.proof, { action: 'report', mint: mint.toBase58() });
    const held = await genuine(mint, runtime);
    requireHolder(held, signed.wallet);
    const { outcome, report } = await asHolder(request, signed.wallet, () =>
      certificateRecordStore().report({
        mint: held.mint,
        orderId: held.orderId,
        kind: asked.data.kind,
        occurredOn: asked.data.occurredOn,
        policeReference: asked.data.policeReference,
        reportedBy: signed.wallet,
      }),
    );
    forgetVerdict(held.mint);
    if (outcome === 'already') throw new HttpError(409, `This certificate is already reported ${report.kind}.`, { report });
    return NextResponse.json({ report }, { status: 201 });
  });
}

/** POST /api/verify/{mint}/report/clear: the wallet that reported clears its report. */
export function clearReportRoute(request: Request, rawMint: string): Promise<Response> {
  return answer(request, 'clear the report', async () => {
    const { mint } = certificateOf(rawMint);
    const signed = await signedBy((await readBody(request)).proof, { action: 'clear-report', mint: mint.toBase58() });
    const { outcome, report } = await asHolder(request, signed.wallet, () => certificateRecordStore().clearReport(mint.toBase58(), signed.wallet, `wallet ${signed.wallet}`));
    forgetVerdict(mint.toBase58());
    if (outcome === 'none') throw new HttpError(404, 'This certificate has no open report.');
    if (outcome === 'not-reporter') {
      throw new HttpError(403, `Only the wallet that made the report (${report!.reportedBy}), or ORX’s owner, can clear it.`);
    }
    return NextResponse.json({ report });
  });
}

const eventIdSchema = z.guid();

/** POST /api/verify/{mint}/service-events/{id}/accept: the holder confirms a service event. */
export function acceptServiceRoute(request: Request, rawMint: string, rawEventId: string): Promise<Response> {
  return answer(request, 'confirm the service', async () => {
    const { mint, runtime } = certificateOf(rawMint);
    if (!eventIdSchema.safeParse(rawEventId).success) throw new HttpError(404, 'No such service event on this certificate.');
    const signed = await signedBy((await readBody(request)).proof, { action: 'accept-service', mint: mint.toBase58(), eventId: rawEventId });
    requireHolder(await genuine(mint, runtime), signed.wallet);
    const { outcome, event } = await asHolder(request, signed.wallet, () => certificateRecordStore().confirmServiceEvent(mint.toBase58(), rawEventId, signed));
    forgetVerdict(mint.toBase58());
    if (outcome === 'unknown') throw new HttpError(404, 'No such service event on this certificate.');
    if (outcome === 'already') throw new HttpError(409, 'The owner has already confirmed this service event.', { event });
    return NextResponse.json({ event });
  });
}
