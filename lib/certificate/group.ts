import 'server-only';
import { createHmac } from 'node:crypto';
import {
  AuthorityType,
  ExtensionType,
  LENGTH_SIZE,
  TOKEN_2022_PROGRAM_ID,
  TOKEN_GROUP_SIZE,
  TYPE_SIZE,
  createInitializeGroupPointerInstruction,
  createInitializeMintInstruction,
  createSetAuthorityInstruction,
  getMintLen,
} from '@solana/spl-token';
import { createInitializeGroupInstruction } from '@solana/spl-token-group';
import { Keypair, SystemProgram, Transaction, type Connection, type PublicKey } from '@solana/web3.js';
import { sendSigned } from './send';

/** How many certificates the collection takes; its update authority can raise it. */
export const CERTIFICATE_GROUP_MAX_SIZE = 1_000_000_000n;

/**
 * The ORX certificate collection's mint, derived from the authority's secret like the
 * certificates: every server of the shop, and `npm run certificates:init`, find the same one, and
 * nobody without the secret can create it.
 */
export function certificateGroupKeypair(authority: Keypair): Keypair {
  return Keypair.fromSeed(createHmac('sha256', authority.secretKey).update('orx-certificate-group').digest());
}

/**
 * The collection as one atomic transaction: a Token-2022 mint pointing to itself as its group, the
 * group with the certificate authority as its update authority (the signer every member's
 * initialisation needs), and the mint authority removed: the collection itself has no tokens.
 */
export function certificateGroupTransaction({ authority, group, lamports, space }: { authority: PublicKey; group: PublicKey; lamports: number; space: number }): Transaction {
  const programId = TOKEN_2022_PROGRAM_ID;
  return new Transaction().add(
    SystemProgram.createAccount({ fromPubkey: authority, newAccountPubkey: group, space, lamports, programId }),
    createInitializeGroupPointerInstruction(group, authority, group, programId),
    createInitializeMintInstruction(group, 0, authority, null, programId),
    createInitializeGroupInstruction({ programId, group, mint: group, mintAuthority: authority, updateAuthority: authority, maxSize: CERTIFICATE_GROUP_MAX_SIZE }),
    createSetAuthorityInstruction(group, authority, AuthorityType.MintTokens, null, [], programId),
  );
}

/** Creates the collection unless the chain has it; its address either way. */
export async function ensureCertificateGroup(connection: Connection, authority: Keypair): Promise<PublicKey> {
  const group = certificateGroupKeypair(authority);
  if (await connection.getAccountInfo(group.publicKey, 'confirmed')) return group.publicKey;
  const space = getMintLen([ExtensionType.GroupPointer]);
  const lamports = await connection.getMinimumBalanceForRentExemption(space + TYPE_SIZE + LENGTH_SIZE + TOKEN_GROUP_SIZE);
  await sendSigned(connection, certificateGroupTransaction({ authority: authority.publicKey, group: group.publicKey, lamports, space }), [authority, group]);
  return group.publicKey;
}
