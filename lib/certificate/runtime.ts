import 'server-only';
import type { Connection, Keypair, PublicKey } from '@solana/web3.js';
import { chainRuntime, type ChainRuntime } from '@/lib/chain/runtime';
import { siteUrl } from '@/lib/config';
import { parseAuthorityKey } from './authority';
import type { CertificateMinter } from './certify';
import { certificateGroupKeypair } from './group';
import { createCertificateMinter } from './mint';
import { passportUrlOf } from './links';

/**
 * The certificate authority at work: its minter, and the authority and collection that /verify
 * checks against. Null without real payments or without CERTIFICATE_AUTHORITY_KEY (certificates
 * then stay pending).
 */
export type CertificateRuntime = {
  connection: Connection;
  mint: CertificateMinter;
  authority: PublicKey;
  /** The authority's keypair, for what it writes on a certificate after minting (lib/certificate/authority-writes.ts). */
  authorityKey: Keypair;
  group: PublicKey;
};

/** Made once per chain runtime, so a new configuration (a test's) makes a new one. */
const runtimes = new WeakMap<ChainRuntime, CertificateRuntime | null>();

export function certificateRuntime(): CertificateRuntime | null {
  const chain = chainRuntime();
  if (!chain) return null;
  if (!runtimes.has(chain)) runtimes.set(chain, createRuntime(chain));
  return runtimes.get(chain) ?? null;
}

function createRuntime({ connection, authorityKey }: ChainRuntime): CertificateRuntime | null {
  if (authorityKey === undefined) return null;
  const authority = parseAuthorityKey(authorityKey);
  return {
    connection,
    mint: createCertificateMinter(connection, authority),
    authority: authority.publicKey,
    authorityKey: authority,
    group: certificateGroupKeypair(authority).publicKey,
  };
}

/** Where a certificate's metadata is served: the NFT's URI. */
export function certificateUri(orderId: string): string {
  return new URL(`/api/certificates/${orderId}`, siteUrl()).toString();
}

/** Where a certificate's public passport is served (docs/passport.md). */
export function passportUrl(mint: string): string {
  return passportUrlOf(mint, siteUrl());
}
