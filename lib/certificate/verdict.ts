/**
 * What /verify tells about a mint address (shared by the server, which decides, and the page,
 * which shows it): genuine, with the watch, the sale and the current holder; or exactly why not.
 */

export const NOT_GENUINE_REASONS = {
  'no-account': 'Nothing exists at this address on the chain.',
  'not-token-2022': 'This address is not a Token-2022 mint, as every ORX certificate is.',
  burned: 'The certificate was burned: its one token no longer exists.',
  supply: 'Its supply is not exactly one token.',
  decimals: 'Its decimals are not 0, so its token can be split.',
  'mint-authority': 'Its mint authority is still set: more tokens could be made.',
  'metadata-pointer': 'Its metadata does not point to the mint itself.',
  'not-member': 'It is not a member of the ORX certificate collection.',
  'not-recorded': 'ORX has no record of issuing it.',
} as const;

export type NotGenuineReason = keyof typeof NOT_GENUINE_REASONS;

export type CertificateHolder = { tokenAccount: string; owner: string };

export type CertificateVerdict =
  | {
      verdict: 'genuine';
      mint: string;
      /** How provenance was proved: the on-chain collection, or for certificates minted before it, the shop's record. */
      provenance: 'collection' | 'record';
      orderId: string;
      issuedAt: string | null;
      txHash: string | null;
      watch: { id: string | null; brand: string; model: string };
      holder: CertificateHolder | null;
    }
  | { verdict: 'not-genuine'; mint: string; reasons: NotGenuineReason[] };
