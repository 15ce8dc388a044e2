import 'server-only';
import { PublicKey } from '@solana/web3.js';
import type { NextRequest } from 'next/server';
import { setHolderFrozen, writeServiceHistoryHash } from '@/lib/certificate/authority-writes';
import { forgetVerdict, freshVerdict, parseMintAddress, VERIFY_MESSAGES } from '@/lib/certificate/lookup';
import { freezeRequestSchema, serviceEventRequestSchema } from '@/lib/certificate/requests';
import { certificateRuntime, type CertificateRuntime } from '@/lib/certificate/runtime';
import { certificateRecordStore } from '@/lib/certificate/server-records';
import { serviceHistoryHash } from '@/lib/certificate/service-history';
import type { CertificateVerdict, ServiceEvent } from '@/lib/certificate/verdict';
import { HttpError } from '@/lib/http/errors';
import type { StaffSession } from '@/lib/staff/store';
import { parseOrThrow, readJsonObject } from './http';
import { recordAction } from './route';

/**
 * What staff do to a certificate after the sale (issue 53; docs/passport.md): add service events,
 * whose hash the certificate authority writes into the token's metadata; clear a report; freeze
 * and thaw the holder's token account.
 */

type Genuine = Extract<CertificateVerdict, { verdict: 'genuine' }>;

function runtimeOrThrow(): CertificateRuntime {
  const runtime = certificateRuntime();
  if (!runtime) throw new HttpError(404, VERIFY_MESSAGES.unconfigured);
  return runtime;
}

function mintOrThrow(rawMint: string): PublicKey {
  const mint = parseMintAddress(rawMint);
  if (!mint) throw new HttpError(400, VERIFY_MESSAGES.malformed);
  return mint;
}

/** The certificate as the chain and the records show it now (never the page's kept verdict). */
export async function adminCertificate(rawMint: string): Promise<CertificateVerdict> {
  return freshVerdict(mintOrThrow(rawMint), runtimeOrThrow());
}

async function genuineOrThrow(rawMint: string, runtime: CertificateRuntime): Promise<Genuine> {
  const verdict = await freshVerdict(mintOrThrow(rawMint), runtime);
  if (verdict.verdict !== 'genuine') throw new HttpError(404, 'This is not a genuine ORX certificate.');
  return verdict;
}

/** Writes are retried this many times when another write raced this one (a second event added meanwhile). */
const ANCHOR_ROUNDS = 3;

/**
 * Writes the stored events' hash on chain until the chain carries the hash of what is stored now:
 * two events added at once by two members each write, and the last write may carry the older
 * list, so the list is read again after each write. Null once nothing is left to write.
 */
async function anchor(mint: string, runtime: CertificateRuntime): Promise<string | null> {
  let written: string | null = null;
  for (let round = 0; round < ANCHOR_ROUNDS; round += 1) {
    const hash = serviceHistoryHash(await certificateRecordStore().serviceEvents(mint));
    if (hash === null || hash === written) break;
    await writeServiceHistoryHash(runtime.connection, runtime.authorityKey, new PublicKey(mint), hash);
    written = hash;
  }
  forgetVerdict(mint);
  return written;
}

export type AddedServiceEvent = { event: ServiceEvent; anchored: boolean; chainHash: string | null; error?: string };

/**
 * Adds a service event, then writes the history's hash on chain. The event is kept when the chain
 * write fails: the answer says so, and "Write to chain again" (anchorServiceHistory) finishes it;
 * until then /verify says the history does not match the chain, which is the truth.
 */
export async function addServiceEvent(request: NextRequest, rawMint: string, session: StaffSession): Promise<AddedServiceEvent> {
  const runtime = runtimeOrThrow();
  const fields = parseOrThrow(serviceEventRequestSchema, await readJsonObject(request));
  const verdict = await genuineOrThrow(rawMint, runtime);
  const event = await certificateRecordStore().addServiceEvent({ ...fields, mint: verdict.mint, orderId: verdict.orderId, createdBy: session.name });
  try {
    return { event, anchored: true, chainHash: await anchor(verdict.mint, runtime) };
  } catch (error) {
    console.error('Certificates: the service history was saved but not written on chain', verdict.mint, error);
    return { event, anchored: false, chainHash: null, error: 'Saved, but the chain was not updated. Write to chain again.' };
  }
}

/** "Write to chain again": the stored history's hash, written now. */
export async function anchorServiceHistory(rawMint: string): Promise<{ chainHash: string | null }> {
  const runtime = runtimeOrThrow();
  const verdict = await genuineOrThrow(rawMint, runtime);
  try {
    return { chainHash: await anchor(verdict.mint, runtime) };
  } catch (error) {
    console.error('Certificates: could not write the service history on chain', verdict.mint, error);
    throw new HttpError(503, 'The Solana network did not take the write. Please try again.');
  }
}

/** The owner clears a report (the route asked for a recent second factor). */
export async function clearReportAsOwner(rawMint: string, session: StaffSession) {
  const mint = mintOrThrow(rawMint).toBase58();
  const { outcome, report } = await certificateRecordStore().clearReport(mint, null, session.name);
  forgetVerdict(mint);
  if (outcome !== 'cleared') throw new HttpError(404, 'This certificate has no open report.');
  return { report };
}

/**
 * Freezes the holder's token account of a reported certificate, so it cannot be moved on, or
 * thaws it. Only certificates minted with ORX as their freeze authority can be; freezing needs an
 * open report. Asking for the state it is already in answers it, and writes nothing.
 */
export async function setFrozen(request: NextRequest, rawMint: string, session: StaffSession): Promise<{ frozen: boolean; signature: string | null }> {
  const runtime = runtimeOrThrow();
  const { frozen } = parseOrThrow(freezeRequestSchema, await readJsonObject(request));
  const verdict = await genuineOrThrow(rawMint, runtime);
  if (!verdict.freeze.authority) throw new HttpError(409, 'This certificate was minted before ORX held a freeze authority: it cannot be frozen.');
  if (!verdict.holder) throw new HttpError(409, 'Nobody holds this certificate on the chain: there is no token account to freeze.');
  if (verdict.freeze.frozen === frozen) return { frozen, signature: null };
  if (frozen && !verdict.report) throw new HttpError(409, 'Only a certificate reported stolen or missing is frozen.');
  let signature: string;
  try {
    signature = await setHolderFrozen(runtime.connection, runtime.authorityKey, new PublicKey(verdict.mint), new PublicKey(verdict.holder.tokenAccount), frozen);
  } catch (error) {
    console.error('Certificates: could not change the freeze on chain', verdict.mint, error);
    throw new HttpError(503, 'The Solana network did not take the change. Please try again.');
  }
  forgetVerdict(verdict.mint);
  await recordAction(request, session, {
    kind: frozen ? 'certificate.freeze' : 'certificate.thaw',
    subject: `certificate:${verdict.mint}`,
    after: { tokenAccount: verdict.holder.tokenAccount, holder: verdict.holder.owner, signature },
  });
  return { frozen, signature };
}
