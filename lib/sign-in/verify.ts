import 'server-only';
import { randomBytes } from 'node:crypto';
import { parseSignInMessage, verifySignIn } from '@solana/wallet-standard-util';
import bs58 from 'bs58';
import { z } from '@/lib/zod';
import { refuse, type Refusal } from '@/lib/result';
import { SIGN_IN_NONCE_TTL_SECONDS, SIGN_IN_STATEMENT, SIGN_IN_VERSION, type SignInChallenge } from './message';
import type { SignInNonceStore } from './store';

/** Clocks differ a little: a message issued this far in the future is still accepted. */
const CLOCK_SKEW_MS = 30_000;
/** A SIWS message of this shop is about 400 bytes. */
const MAX_MESSAGE_BYTES = 2048;

const base64 = (maxBytes: number) =>
  z
    .string()
    .max(Math.ceil(maxBytes / 3) * 4)
    .regex(/^[A-Za-z0-9+/]*={0,2}$/)
    .transform((text) => new Uint8Array(Buffer.from(text, 'base64')));

const proofSchema = z.object({
  address: z.string().regex(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/),
  signedMessage: base64(MAX_MESSAGE_BYTES),
  signature: base64(64).refine((bytes) => bytes.length === 64),
});

export type SignInDependencies = { nonces: SignInNonceStore; site: URL; now: Date };

/** `malformed`: not a sign-in proof at all; `refused`: a proof that does not prove this wallet signed in here, now. */
export type SignInOutcome = { ok: true; wallet: string } | Refusal<'malformed' | 'refused'>;

/**
 * What a signed SIWS message is for: its statement, and the words of each refusal. Signing in is
 * one purpose; a certificate holder's request on /verify is another (lib/certificate/holder-proof.ts),
 * and a signature made for one is never taken for the other.
 */
export type SignedPurpose = { statement: string; refused: string; expired: string; used: string };

export const SIGN_IN_PURPOSE: SignedPurpose = {
  statement: SIGN_IN_STATEMENT,
  refused: 'The signature does not prove this wallet signed in to this shop. Please sign in again.',
  expired: 'This sign-in request has expired. Please sign in again.',
  used: 'This sign-in request was already used or has expired. Please sign in again.',
};

/** A fresh challenge for one sign-in: this site's domain and URI, a stored nonce, five minutes to use it. */
export async function issueChallenge({ nonces, site, now }: SignInDependencies, statement = SIGN_IN_STATEMENT): Promise<SignInChallenge> {
  const nonce = bs58.encode(randomBytes(16)).replace(/[^A-Za-z0-9]/g, '');
  const expiresAt = new Date(now.getTime() + SIGN_IN_NONCE_TTL_SECONDS * 1000);
  await nonces.issue(nonce, expiresAt, now);
  return {
    domain: site.host,
    uri: site.origin,
    statement,
    version: SIGN_IN_VERSION,
    nonce,
    issuedAt: now.toISOString(),
    expirationTime: expiresAt.toISOString(),
  };
}

/**
 * Checks a signed SIWS message: that it is one (parsed), for this site's domain and URI, naming
 * the address whose key signed it, with this shop's statement and version, signed by that key
 * (`verifySignIn`, which also checks the bytes signed are the message's canonical text, so a
 * tampered message fails), in its validity window; and last, that its nonce is one this server
 * issued and nobody used yet (used up here, in one statement). The helper alone trusts whatever
 * public key the caller hands it and knows nothing of nonces or domains.
 */
export async function verifySignInProof(body: unknown, { nonces, site, now }: SignInDependencies, purpose: SignedPurpose = SIGN_IN_PURPOSE): Promise<SignInOutcome> {
  const proof = proofSchema.safeParse(body);
  if (!proof.success) return refuse('malformed', 'Send address, signedMessage and signature (base64)');
  const { address, signedMessage, signature } = proof.data;
  let publicKey: Uint8Array;
  try {
    publicKey = bs58.decode(address);
  } catch {
    return refuse('malformed', 'address must be a Solana address');
  }
  if (publicKey.length !== 32) return refuse('malformed', 'address must be a Solana address');

  const parsed = parseSignInMessage(signedMessage);
  if (!parsed) return refuse('malformed', 'The signed message is not a Sign-In With Solana message');
  if (parsed.domain !== site.host || parsed.uri !== site.origin) return refuse('refused', purpose.refused);
  if (parsed.address !== address || !parsed.nonce || !parsed.issuedAt || !parsed.expirationTime) return refuse('refused', purpose.refused);

  const expected = {
    domain: site.host,
    address,
    statement: purpose.statement,
    uri: site.origin,
    version: SIGN_IN_VERSION,
    nonce: parsed.nonce,
    issuedAt: parsed.issuedAt,
    expirationTime: parsed.expirationTime,
  };
  let signed: boolean;
  try {
    signed = verifySignIn(expected, { account: { address, publicKey, chains: [], features: [] }, signedMessage, signature });
  } catch {
    signed = false;
  }
  if (!signed) return refuse('refused', purpose.refused);

  const issuedAt = Date.parse(parsed.issuedAt);
  const expiresAt = Date.parse(parsed.expirationTime);
  const window = SIGN_IN_NONCE_TTL_SECONDS * 1000;
  const current = now.getTime();
  if (!(issuedAt <= current + CLOCK_SKEW_MS && expiresAt > current && expiresAt - issuedAt <= window)) {
    return refuse('refused', purpose.expired);
  }
  if (!/^[A-Za-z0-9]{8,64}$/.test(parsed.nonce) || !(await nonces.consume(parsed.nonce, now))) {
    return refuse('refused', purpose.used);
  }
  return { ok: true, wallet: address };
}
