import { createSignInMessageText } from '@solana/wallet-standard-util';
import type { SignInChallenge, SignInProof } from '@/lib/sign-in/message';
import { isWalletRejection } from './errors';

/** What the connected wallet offers for signing in (the wallet adapter's `signIn` and `signMessage`). */
export type SignInWallet = {
  address: string;
  signIn?: (input: SignInChallenge & { address: string }) => Promise<{ signedMessage: Uint8Array; signature: Uint8Array; account: { address: string } }>;
  signMessage?: (message: Uint8Array) => Promise<Uint8Array>;
};

export type SignInResult = { ok: true; wallet: string } | { ok: false; message: string };

const toBase64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));

/**
 * The wallet's signature of a server's SIWS challenge: through the Wallet Standard's signIn where
 * it has it (the wallet shows its own sign-in screen), else signMessage of the same SIWS text; null
 * for a wallet that can do neither. A wallet's refusal is thrown as the wallet threw it.
 */
export async function signChallenge(wallet: SignInWallet, challenge: SignInChallenge): Promise<SignInProof | null> {
  const input = { ...challenge, address: wallet.address };
  if (wallet.signIn) {
    const output = await wallet.signIn(input);
    return { address: output.account.address, signedMessage: toBase64(output.signedMessage), signature: toBase64(output.signature) };
  }
  if (wallet.signMessage) {
    const message = new TextEncoder().encode(createSignInMessageText(input));
    return { address: wallet.address, signedMessage: toBase64(message), signature: toBase64(await wallet.signMessage(message)) };
  }
  return null;
}

/**
 * Sign-In With Solana from the browser: a challenge from the server, signed by the wallet through
 * the Wallet Standard's signIn where it has it (the wallet shows its own sign-in screen), else
 * signMessage of the same SIWS text, and the signed message handed back to the server, which sets
 * the session cookie.
 */
export async function signInWithWallet(wallet: SignInWallet, fetchJson: typeof fetch = fetch): Promise<SignInResult> {
  const post = (url: string, body?: unknown) =>
    fetchJson(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
  try {
    const challengeResponse = await post('/api/wallet-session/nonce');
    if (!challengeResponse.ok) return { ok: false, message: await errorOf(challengeResponse) };
    const proof = await signChallenge(wallet, (await challengeResponse.json()) as SignInChallenge);
    if (!proof) return { ok: false, message: 'This wallet cannot sign messages, so it cannot sign in. Please use Phantom or Solflare.' };

    const response = await post('/api/wallet-session', proof);
    if (!response.ok) return { ok: false, message: await errorOf(response) };
    return { ok: true, wallet: ((await response.json()) as { wallet: string }).wallet };
  } catch (error) {
    if (isWalletRejection(error)) return { ok: false, message: 'You declined the sign-in in your wallet. Nothing was shared.' };
    console.error('Signing in with the wallet failed', error);
    return { ok: false, message: 'Signing in did not work. Please check your connection and try again.' };
  }
}

/** The `error` a JSON answer names, else `fallback`. */
export async function errorOf(response: Response, fallback = 'Signing in did not work. Please try again.'): Promise<string> {
  try {
    const { error } = (await response.json()) as { error?: unknown };
    if (typeof error === 'string') return error;
  } catch {
    // Not JSON: the fallback's words.
  }
  return fallback;
}

/**
 * Signs the wallet in unless this browser's session is already that wallet's: the purchase asks
 * for it before anything is held, and a buyer signed in once is not asked again for the session's life.
 */
export async function ensureSignedIn(wallet: SignInWallet, fetchJson: typeof fetch = fetch): Promise<SignInResult> {
  try {
    const response = await fetchJson('/api/wallet-session', { cache: 'no-store' });
    if (response.ok && ((await response.json()) as { wallet: string | null }).wallet === wallet.address) return { ok: true, wallet: wallet.address };
  } catch {
    // Unknown: signing in again settles it.
  }
  return signInWithWallet(wallet, fetchJson);
}

/** Ends the wallet session (Disconnect, "Sign out"). */
export async function signOutWallet(fetchJson: typeof fetch = fetch): Promise<void> {
  await fetchJson('/api/wallet-session', { method: 'DELETE' });
}
