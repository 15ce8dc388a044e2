import 'server-only';
import { createHmac } from 'node:crypto';
import { getAdminCredentials } from '@/lib/auth/credentials';
import { textsEqual } from '@/lib/auth/password';
import { z } from '@/lib/zod';

/**
 * The link a holder hands a buyer met in person: "held by this wallet, proven at this time", for
 * POSSESSION_PROOF_MINUTES. It is a MAC of the mint, the wallet and the time, with a key derived
 * from SESSION_SECRET for this use only: nothing stored, every instance reads it, and nobody can
 * make one without the wallet's signature going through the shop.
 */
export const POSSESSION_PROOF_MINUTES = 15;
const VALID_MS = POSSESSION_PROOF_MINUTES * 60_000;
/** A token longer than this is no token of ours: refused before any hashing. */
export const MAX_PROOF_TOKEN_LENGTH = 200;

export type PossessionProof = { mint: string; wallet: string; provenAt: string; expiresAt: string };
export type PossessionReading = ({ ok: true } & PossessionProof) | { ok: false; message: string };

const payloadSchema = z.tuple([z.string().regex(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/), z.string().regex(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/), z.number().int().positive()]);

function mac(payload: string, sessionSecret: string): Buffer {
  const key = createHmac('sha256', sessionSecret).update('orx possession proofs').digest();
  return createHmac('sha256', key).update(payload).digest();
}

export function possessionToken(mint: string, wallet: string, provenAt: Date, sessionSecret: string): string {
  const payload = Buffer.from(JSON.stringify([mint, wallet, provenAt.getTime()])).toString('base64url');
  return `${payload}.${mac(payload, sessionSecret).toString('base64url')}`;
}

export const PROOF_MESSAGES = {
  invalid: 'This is not a proof of possession issued by ORX for this certificate.',
  expired: `This proof of possession has expired: a proof is valid for ${POSSESSION_PROOF_MINUTES} minutes. Ask the holder to prove it again.`,
} as const;

/** What a proof link shows: who held the certificate and when that was proven, while it is valid. */
export function readPossessionToken(mint: string, token: string, now: Date, sessionSecret: string): PossessionReading {
  const invalid = { ok: false as const, message: PROOF_MESSAGES.invalid };
  if (token.length > MAX_PROOF_TOKEN_LENGTH) return invalid;
  const [payload = '', signature = '', ...rest] = token.split('.');
  if (rest.length > 0) return invalid;
  // The MAC's text, not its decoded bytes: base64url's last character carries spare bits a decoder
  // ignores, so links that differ there would decode to the same MAC. One proof, one link.
  if (!textsEqual(signature, mac(payload, sessionSecret).toString('base64url'))) return invalid;
  let fields: z.infer<typeof payloadSchema>;
  try {
    fields = payloadSchema.parse(JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')));
  } catch {
    return invalid;
  }
  const [provenMint, wallet, provenAt] = fields;
  if (provenMint !== mint) return invalid;
  if (now.getTime() >= provenAt + VALID_MS) return { ok: false, message: PROOF_MESSAGES.expired };
  return { ok: true, mint, wallet, provenAt: new Date(provenAt).toISOString(), expiresAt: new Date(provenAt + VALID_MS).toISOString() };
}

/** The proof page's reading, with this shop's secret. */
export async function readPossessionProof(mint: string, token: string, now: Date): Promise<PossessionReading> {
  const { sessionSecret } = await getAdminCredentials();
  return readPossessionToken(mint, token, now, sessionSecret);
}
