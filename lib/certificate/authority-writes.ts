import 'server-only';
import {
  ExtensionType,
  TOKEN_2022_PROGRAM_ID,
  createFreezeAccountInstruction,
  createThawAccountInstruction,
  getExtensionData,
  unpackMint,
} from '@solana/spl-token';
import { createUpdateFieldInstruction, pack, unpack as unpackMetadata } from '@solana/spl-token-metadata';
import { SystemProgram, Transaction, type Connection, type Keypair, type PublicKey } from '@solana/web3.js';
import { SERVICE_HISTORY_FIELD } from './service-history';
import { sendAndConfirm } from './send';

/**
 * What the certificate authority writes on an existing certificate: the service history's hash
 * into its metadata (the authority is the metadata's update authority), and the freeze of its
 * holder's token account (the authority is the mint's freeze authority, for certificates minted
 * since issue 53). The server signs with the authority key it already holds for minting.
 */

/**
 * Writes `hash` into the certificate's metadata field. A longer metadata needs more rent: the
 * authority tops the mint account up in the same transaction, so the write is whole or absent.
 */
export async function writeServiceHistoryHash(connection: Connection, authority: Keypair, mint: PublicKey, hash: string): Promise<string> {
  const info = await connection.getAccountInfo(mint, 'confirmed');
  if (!info) throw new Error(`No certificate at ${mint.toBase58()}`);
  const state = unpackMint(mint, info, TOKEN_2022_PROGRAM_ID);
  const current = getExtensionData(ExtensionType.TokenMetadata, state.tlvData);
  if (!current) throw new Error(`The certificate ${mint.toBase58()} has no metadata`);
  const metadata = unpackMetadata(current);
  const others = metadata.additionalMetadata.filter(([key]) => key !== SERVICE_HISTORY_FIELD);
  const grownBy = pack({ ...metadata, additionalMetadata: [...others, [SERVICE_HISTORY_FIELD, hash]] }).length - current.length;
  const needed = (await connection.getMinimumBalanceForRentExemption(info.data.length + Math.max(grownBy, 0))) - info.lamports;
  const transaction = new Transaction();
  if (needed > 0) transaction.add(SystemProgram.transfer({ fromPubkey: authority.publicKey, toPubkey: mint, lamports: needed }));
  transaction.add(
    createUpdateFieldInstruction({ programId: TOKEN_2022_PROGRAM_ID, metadata: mint, updateAuthority: authority.publicKey, field: SERVICE_HISTORY_FIELD, value: hash }),
  );
  return sendAndConfirm(connection, transaction, [authority]);
}

/** Freezes (or thaws) the token account holding the certificate. */
export async function setHolderFrozen(connection: Connection, authority: Keypair, mint: PublicKey, tokenAccount: PublicKey, frozen: boolean): Promise<string> {
  const instruction = (frozen ? createFreezeAccountInstruction : createThawAccountInstruction)(tokenAccount, mint, authority.publicKey, [], TOKEN_2022_PROGRAM_ID);
  return sendAndConfirm(connection, new Transaction().add(instruction), [authority]);
}
