import 'server-only';
import { Keypair } from '@solana/web3.js';
import bs58 from 'bs58';
import { z } from '@/lib/zod';

/**
 * CERTIFICATE_AUTHORITY_KEY: the keypair that mints certificates and pays their rent, as the
 * Solana CLI writes it (a JSON array of 64 bytes) or as wallets export it (base58). Errors name
 * the variable and the expected forms, never the value.
 */
export class AuthorityKeyError extends Error {}

const keyBytes = z.array(z.number().int().min(0).max(255)).length(64);

export function parseAuthorityKey(raw: string): Keypair {
  const text = raw.trim();
  let bytes: Uint8Array;
  try {
    bytes = text.startsWith('[') ? Uint8Array.from(keyBytes.parse(JSON.parse(text))) : bs58.decode(text);
  } catch {
    throw new AuthorityKeyError('CERTIFICATE_AUTHORITY_KEY must be a keypair: a JSON array of 64 bytes or its base58 form');
  }
  if (bytes.length !== 64) throw new AuthorityKeyError('CERTIFICATE_AUTHORITY_KEY must hold 64 bytes (the secret and public key)');
  try {
    return Keypair.fromSecretKey(bytes);
  } catch {
    throw new AuthorityKeyError('CERTIFICATE_AUTHORITY_KEY is not a valid ed25519 keypair (its public half does not match)');
  }
}
