import 'server-only';
import { createHmac } from 'node:crypto';
import {
  AuthorityType,
  ExtensionType,
  LENGTH_SIZE,
  TOKEN_2022_PROGRAM_ID,
  TOKEN_GROUP_MEMBER_SIZE,
  TYPE_SIZE,
  createAssociatedTokenAccountIdempotentInstruction,
  createInitializeMetadataPointerInstruction,
  createInitializeGroupMemberPointerInstruction,
  createInitializeMintInstruction,
  createMintToInstruction,
  createSetAuthorityInstruction,
  getAssociatedTokenAddressSync,
  getMintLen,
} from '@solana/spl-token';
import { createInitializeMemberInstruction } from '@solana/spl-token-group';
import { createInitializeInstruction, pack, type TokenMetadata } from '@solana/spl-token-metadata';
import { Keypair, PublicKey, SystemProgram, Transaction, type Connection } from '@solana/web3.js';
import type { CertificateMinter } from './certify';
import { ensureCertificateGroup } from './group';
import { sendSigned } from './send';

/** The certificate token's symbol (SPEC: an ORX certificate). */
export const CERTIFICATE_SYMBOL = 'ORX';

/** The extensions of a certificate mint whose size is fixed before the mint is initialised. */
export const CERTIFICATE_MINT_EXTENSIONS = [ExtensionType.MetadataPointer, ExtensionType.GroupMemberPointer];

/**
 * The mint of an order's certificate, derived from the authority's secret and the order id: every
 * attempt for one order (a retry, a second server racing) builds the same mint, and the chain
 * lets only one create it.
 */
export function certificateMintKeypair(authority: Keypair, orderId: string): Keypair {
  const seed = createHmac('sha256', authority.secretKey).update(`orx-certificate:${orderId}`).digest();
  return Keypair.fromSeed(seed);
}

/**
 * The NFT certificate as one atomic transaction, so a certificate is either whole or absent: a
 * Token-2022 mint with the metadata pointer and metadata extensions (the token is its own
 * metadata account), the group member pointer and member extensions (a member of the shop's
 * certificate collection, which only the collection's update authority can sign for), 0 decimals,
 * one token in the buyer's associated token account, and the mint authority removed so no second
 * token can ever exist. The shop keeps the metadata's update authority, to correct a
 * certificate's uri should the shop's address change and to write its service history's hash, and
 * is the mint's freeze authority, to freeze a certificate reported stolen so it cannot be moved on
 * (and to thaw it).
 */
export function certificateTransaction({
  authority,
  mint,
  group,
  owner,
  metadata,
  lamports,
  mintSpace,
}: {
  authority: PublicKey;
  mint: PublicKey;
  group: PublicKey;
  owner: PublicKey;
  metadata: Pick<TokenMetadata, 'name' | 'symbol' | 'uri'>;
  lamports: number;
  mintSpace: number;
}): Transaction {
  const programId = TOKEN_2022_PROGRAM_ID;
  const holderAccount = getAssociatedTokenAddressSync(mint, owner, false, programId);
  return new Transaction().add(
    SystemProgram.createAccount({ fromPubkey: authority, newAccountPubkey: mint, space: mintSpace, lamports, programId }),
    createInitializeMetadataPointerInstruction(mint, authority, mint, programId),
    createInitializeGroupMemberPointerInstruction(mint, authority, mint, programId),
    createInitializeMintInstruction(mint, 0, authority, authority, programId),
    createInitializeInstruction({ programId, metadata: mint, updateAuthority: authority, mint, mintAuthority: authority, ...metadata }),
    createInitializeMemberInstruction({ programId, member: mint, memberMint: mint, memberMintAuthority: authority, group, groupUpdateAuthority: authority }),
    createAssociatedTokenAccountIdempotentInstruction(authority, holderAccount, owner, mint, programId),
    createMintToInstruction(mint, holderAccount, authority, 1, [], programId),
    createSetAuthorityInstruction(mint, authority, AuthorityType.MintTokens, null, [], programId),
  );
}

/**
 * Mints certificates on the given chain, paid by the certificate authority. The collection is
 * created before the first certificate if it does not exist yet (`npm run certificates:init`
 * creates it ahead).
 */
export function createCertificateMinter(connection: Connection, authority: Keypair): CertificateMinter {
  return async ({ orderId, owner, name, uri }) => {
    const mint = certificateMintKeypair(authority, orderId);
    const address = mint.publicKey.toBase58();
    if (await connection.getAccountInfo(mint.publicKey, 'confirmed')) return { mint: address };

    const group = await ensureCertificateGroup(connection, authority);
    const metadata = { mint: mint.publicKey, updateAuthority: authority.publicKey, name, symbol: CERTIFICATE_SYMBOL, uri, additionalMetadata: [] };
    const mintSpace = getMintLen(CERTIFICATE_MINT_EXTENSIONS);
    // The metadata and member extensions grow the account when they are written; their rent is paid up front.
    const grown = TYPE_SIZE + LENGTH_SIZE + pack(metadata).length + TYPE_SIZE + LENGTH_SIZE + TOKEN_GROUP_MEMBER_SIZE;
    const lamports = await connection.getMinimumBalanceForRentExemption(mintSpace + grown);
    const transaction = certificateTransaction({ authority: authority.publicKey, mint: mint.publicKey, group, owner: new PublicKey(owner), metadata, lamports, mintSpace });
    await sendSigned(connection, transaction, [authority, mint]);
    return { mint: address };
  };
}
