import type { SignInChallenge } from '@/lib/sign-in/message';
import { isWalletRejection } from '@/lib/wallet/errors';
import { errorOf, signChallenge, type SignInWallet } from '@/lib/wallet/sign-in';

/**
 * What a certificate's holder signs on /verify: each action is a Sign-In With Solana message whose
 * statement names it and the mint (and the service event), with a nonce the server issued, so a
 * signature proves that wallet asked for that one thing, once, now.
 */
export const HOLDER_ACTIONS = ['prove', 'report', 'clear-report', 'accept-service'] as const;
export type HolderAction = (typeof HOLDER_ACTIONS)[number];

export type HolderRequest = {
  action: HolderAction;
  /** The service event an `accept-service` is for. */
  eventId?: string;
  /** Where the signed request goes, e.g. `/api/verify/{mint}/possession`. */
  url: string;
  /** The action's own fields, sent beside the proof. */
  body?: Record<string, unknown>;
};

export type HolderResult<T> = { ok: true; data: T } | { ok: false; message: string };

const DECLINED = 'You declined in your wallet. Nothing was signed or sent.';
const FAILED = 'That did not work. Please check your connection and try again.';

/** The browser's side: a challenge for the action, the wallet's signature, the signed request. */
export async function signedHolderRequest<T>(wallet: SignInWallet, mint: string, request: HolderRequest, fetchJson: typeof fetch = fetch): Promise<HolderResult<T>> {
  const post = (url: string, body: unknown) => fetchJson(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  try {
    const challengeResponse = await post(`/api/verify/${encodeURIComponent(mint)}/challenge`, { action: request.action, eventId: request.eventId });
    if (!challengeResponse.ok) return { ok: false, message: await errorOf(challengeResponse, FAILED) };
    const proof = await signChallenge(wallet, (await challengeResponse.json()) as SignInChallenge);
    if (!proof) return { ok: false, message: 'This wallet cannot sign messages. Please use Phantom or Solflare.' };
    const response = await post(request.url, { ...request.body, proof });
    if (!response.ok) return { ok: false, message: await errorOf(response, FAILED) };
    return { ok: true, data: (await response.json()) as T };
  } catch (error) {
    if (isWalletRejection(error)) return { ok: false, message: DECLINED };
    console.error('A signed certificate request failed', error);
    return { ok: false, message: FAILED };
  }
}
