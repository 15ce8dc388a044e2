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

/** One wallet that held the certificate, read from the chain: since when, and the transaction that gave it. */
export type Custodian = { wallet: string; since: string | null; signature: string };

/**
 * Every wallet that held the certificate since it was minted, oldest first. `complete` is false
 * when the history was longer than the shop reads (the oldest holders are then missing).
 */
export type Custody = { holders: Custodian[]; complete: boolean };

export const REPORT_KINDS = ['stolen', 'missing'] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];

/** A holder's report that the watch was stolen or went missing, until it is cleared. */
export type CertificateReport = {
  id: string;
  kind: ReportKind;
  /** The day the holder says it was stolen or went missing (YYYY-MM-DD). */
  occurredOn: string;
  policeReference: string | null;
  /** The wallet that held the certificate and signed the report. */
  reportedBy: string;
  reportedAt: string;
};

/**
 * Whether ORX can freeze the holder's token account: only certificates minted with ORX's
 * authority as their freeze authority (all since issue 53) can be; `frozen` is the account's state.
 */
export type CertificateFreeze = { authority: boolean; frozen: boolean };

/** The holder's signature accepting a service event: anyone can check it against the wallet. */
export type ServiceConfirmation = { wallet: string; at: string; signedMessage: string; signature: string };

export type ServiceEvent = {
  id: string;
  /** YYYY-MM-DD */
  servicedOn: string;
  servicedBy: string;
  work: string;
  /** Pictures the shop serves (/uploads/… or /images/…). */
  photos: string[];
  confirmation: ServiceConfirmation | null;
};

/**
 * The service history and whether the chain agrees: `verified` when the SHA-256 the certificate's
 * metadata carries is the stored events' own, `mismatch` when it is not (or the chain has none for
 * events the shop holds), `none` when there are no events and no hash.
 */
export type ServiceHistory = { status: 'verified' | 'mismatch' | 'none'; chainHash: string | null; storedHash: string | null; events: ServiceEvent[] };

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
      custody: Custody;
      report: CertificateReport | null;
      freeze: CertificateFreeze;
      service: ServiceHistory;
      /** The public passport of this certificate (GET /passport/{mint}.json). */
      passport: string;
    }
  | { verdict: 'not-genuine'; mint: string; reasons: NotGenuineReason[] };
