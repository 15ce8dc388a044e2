import 'server-only';
import {
  ExtensionType,
  TOKEN_2022_PROGRAM_ID,
  getExtensionData,
  getGroupMemberPointerState,
  getMetadataPointerState,
  getTokenGroupMemberState,
  unpackAccount,
  unpackMint,
  type Mint,
} from '@solana/spl-token';
import { unpack as unpackMetadata } from '@solana/spl-token-metadata';
import { PublicKey, type Connection } from '@solana/web3.js';
import type { OrderStore } from '@/lib/orders/store';
import type { Order } from '@/lib/orders/types';
import { readCustody, type CustodyChain } from './custody';
import type { CertificateRecordStore } from './records';
import { SERVICE_HISTORY_FIELD, serviceHistory } from './service-history';
import type { CertificateHolder, CertificateVerdict, NotGenuineReason } from './verdict';

export type VerifyDependencies = {
  chain: Pick<Connection, 'getAccountInfo' | 'getTokenLargestAccounts'> & CustodyChain;
  orders: Pick<OrderStore, 'findByCertificateMint'>;
  records: Pick<CertificateRecordStore, 'openReport' | 'serviceEvents'>;
  /** Where a certificate's passport is served. */
  passportUrl: (mint: string) => string;
  /** The certificate authority: the metadata's update authority and the collection's. */
  authority: PublicKey;
  /** The ORX certificate collection's mint. */
  group: PublicKey;
};

/** What proving a certificate genuine and reading its holder need. */
export type CheckDependencies = Pick<VerifyDependencies, 'orders' | 'authority' | 'group'> & {
  chain: Pick<Connection, 'getAccountInfo' | 'getTokenLargestAccounts'>;
};

/**
 * Reads a mint on chain and decides whether it is a genuine ORX certificate. Everything is
 * checked and every failing check is named. Names, symbols, uris and the metadata's update
 * authority prove nothing (anyone can write the shop's into their own token's metadata); what
 * cannot be forged is membership of the ORX collection, which needs the collection's update
 * authority to sign, and the shop's own record of the mints it issued. Certificates minted before
 * the collection existed cannot join it (their mint authority is gone), so for them the record
 * and the shop's update authority stand in. An unreachable chain throws: never a verdict.
 */
export async function verifyCertificate(mintAddress: PublicKey, deps: VerifyDependencies): Promise<CertificateVerdict> {
  const checked = await checkCertificate(mintAddress, deps);
  if (!checked.genuine) return checked.verdict;
  const { mint, state, member, order } = checked;
  const [holding, custody, report, events] = await Promise.all([
    holderOf(mintAddress, deps.chain),
    readCustody(mintAddress, deps.chain),
    deps.records.openReport(mint),
    deps.records.serviceEvents(mint),
  ]);
  const chainHash = metadataOf(state)?.additionalMetadata.find(([key]) => key === SERVICE_HISTORY_FIELD)?.[1] ?? null;
  return {
    verdict: 'genuine',
    mint,
    provenance: member ? 'collection' : 'record',
    orderId: order.id,
    issuedAt: order.paidAt,
    txHash: order.txHash,
    watch: order.watch,
    holder: holding?.holder ?? null,
    custody,
    report,
    freeze: { authority: state.freezeAuthority?.equals(deps.authority) === true, frozen: holding?.frozen === true },
    service: serviceHistory(events, chainHash),
    passport: deps.passportUrl(mint),
  };
}

type Checked =
  | { genuine: false; verdict: Extract<CertificateVerdict, { verdict: 'not-genuine' }> }
  | { genuine: true; mint: string; state: Mint; member: boolean; order: Order };

/** What proves a certificate genuine (verifyCertificate says why it matters): the mint and the shop's record, nothing of its history. */
async function checkCertificate(mintAddress: PublicKey, deps: CheckDependencies): Promise<Checked> {
  const mint = mintAddress.toBase58();
  const [info, order] = await Promise.all([deps.chain.getAccountInfo(mintAddress, 'confirmed'), deps.orders.findByCertificateMint(mint)]);
  const notGenuine = (reasons: NotGenuineReason[]): Checked => ({
    genuine: false,
    verdict: { verdict: 'not-genuine', mint, reasons: order ? reasons : [...reasons, 'not-recorded'] },
  });
  if (!info) return notGenuine(['no-account']);
  let state: Mint;
  try {
    if (!info.owner.equals(TOKEN_2022_PROGRAM_ID)) throw new Error('not Token-2022');
    state = unpackMint(mintAddress, info, TOKEN_2022_PROGRAM_ID);
  } catch {
    return notGenuine(['not-token-2022']);
  }

  const reasons: NotGenuineReason[] = [];
  if (state.supply === 0n) reasons.push('burned');
  else if (state.supply !== 1n) reasons.push('supply');
  if (state.decimals !== 0) reasons.push('decimals');
  if (state.mintAuthority !== null) reasons.push('mint-authority');
  if (!getMetadataPointerState(state)?.metadataAddress?.equals(mintAddress)) reasons.push('metadata-pointer');
  const member = getGroupMemberPointerState(state)?.memberAddress?.equals(mintAddress) === true && getTokenGroupMemberState(state)?.group?.equals(deps.group) === true;
  if (!member && !(order && metadataUpdateAuthority(state)?.equals(deps.authority))) reasons.push('not-member');
  if (reasons.length > 0 || !order) return notGenuine(reasons);
  return { genuine: true, mint, state, member, order };
}

/**
 * Who holds a genuine certificate now, read from the chain, with its order: what a holder's signed
 * request needs, without the custody and records the whole verdict reads. Null for a mint that is
 * not a genuine ORX certificate.
 */
export async function currentHolder(mintAddress: PublicKey, deps: CheckDependencies): Promise<{ mint: string; orderId: string; holder: CertificateHolder | null } | null> {
  const checked = await checkCertificate(mintAddress, deps);
  if (!checked.genuine) return null;
  return { mint: checked.mint, orderId: checked.order.id, holder: (await holderOf(mintAddress, deps.chain))?.holder ?? null };
}

function metadataOf(state: Mint) {
  const data = getExtensionData(ExtensionType.TokenMetadata, state.tlvData);
  if (!data) return null;
  try {
    return unpackMetadata(data);
  } catch {
    return null;
  }
}

function metadataUpdateAuthority(state: Mint): PublicKey | null {
  return metadataOf(state)?.updateAuthority ?? null;
}

/** The token account holding the one token, its owner, and whether it is frozen. */
async function holderOf(mint: PublicKey, chain: CheckDependencies['chain']): Promise<{ holder: CertificateHolder; frozen: boolean } | null> {
  const { value } = await chain.getTokenLargestAccounts(mint, 'confirmed');
  const holding = value.find((account) => account.amount === '1');
  if (!holding) return null;
  const account = unpackAccount(holding.address, await chain.getAccountInfo(holding.address, 'confirmed'), TOKEN_2022_PROGRAM_ID);
  return { holder: { tokenAccount: holding.address.toBase58(), owner: account.owner.toBase58() }, frozen: account.isFrozen };
}
