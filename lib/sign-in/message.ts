/**
 * The Sign-In With Solana message of this shop (shared by the browser, which has the wallet sign
 * it, and the server, which checks it): the fields the server fixes for one sign-in attempt.
 */

export const SIGN_IN_STATEMENT = 'Sign in to ORX to see your orders.';
export const SIGN_IN_VERSION = '1';
/** A nonce is good for one sign-in within this time. */
export const SIGN_IN_NONCE_TTL_SECONDS = 5 * 60;

/** What POST /api/wallet-session/nonce answers: the SIWS input, without the wallet's address. */
export type SignInChallenge = {
  domain: string;
  uri: string;
  statement: string;
  version: string;
  nonce: string;
  issuedAt: string;
  expirationTime: string;
};

/** What the browser posts to POST /api/wallet-session once the wallet signed. */
export type SignInProof = {
  address: string;
  /** The exact bytes the wallet signed, base64. */
  signedMessage: string;
  /** The ed25519 signature, base64. */
  signature: string;
};
