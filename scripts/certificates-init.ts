/**
 * `npm run certificates:init`: creates the ORX certificate collection (the Token-2022 group every
 * certificate joins) on the configured chain, paid by CERTIFICATE_AUTHORITY_KEY, and prints its
 * address. Safe to run again: an existing collection is only reported. Without it the first
 * certificate minted creates the collection; running it ahead keeps that first purchase quick.
 * The lib modules are server-only, so this runs under the react-server condition (see package.json).
 */
import { Connection } from '@solana/web3.js';
import { parseAuthorityKey } from '../lib/certificate/authority';
import { ensureCertificateGroup } from '../lib/certificate/group';
import { parseChainConfig } from '../lib/config';

async function main() {
  const key = process.env.CERTIFICATE_AUTHORITY_KEY?.trim();
  if (!key) {
    console.error('Set CERTIFICATE_AUTHORITY_KEY (and SOLANA_RPC_URL) to the shop\'s settings first.');
    process.exit(1);
  }
  const authority = parseAuthorityKey(key);
  const { rpcUrl } = parseChainConfig(process.env);
  const group = await ensureCertificateGroup(new Connection(rpcUrl, 'confirmed'), authority);
  console.log(`ORX certificate collection: ${group.toBase58()} (authority ${authority.publicKey.toBase58()}, on ${rpcUrl})`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
