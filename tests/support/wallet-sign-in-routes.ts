import crypto from 'node:crypto';
import { createSignInMessageText } from '@solana/wallet-standard-util';
import type { Keypair } from '@solana/web3.js';
import { POST as challengePost } from '@/app/api/wallet-session/nonce/route';
import { POST as signInPost } from '@/app/api/wallet-session/route';
import type { SignInChallenge } from '@/lib/sign-in/message';

/** An ed25519 private key in PKCS#8: this prefix, then the key's 32-byte seed. */
const PKCS8_ED25519_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex');

/** Signs as the keypair's wallet would (signMessage): ed25519 over the message's bytes. */
export function signAs(keypair: Keypair, message: Uint8Array): Uint8Array {
  const key = crypto.createPrivateKey({ key: Buffer.concat([PKCS8_ED25519_PREFIX, keypair.secretKey.subarray(0, 32)]), format: 'der', type: 'pkcs8' });
  return new Uint8Array(crypto.sign(null, message, key));
}

/**
 * Signs a wallet in the way a browser (or a script) does, through the real routes: a challenge from
 * POST /api/wallet-session/nonce, the SIWS message signed by the wallet's key, POST
 * /api/wallet-session. The session's Cookie header, or null when a route refused (its status).
 */
export async function signInThroughRoutes(
  keypair: Keypair,
  site: URL,
  headers: Record<string, string>,
): Promise<{ cookie: string } | { refused: number }> {
  const request = (path: string, body?: unknown) =>
    new Request(new URL(path, site), {
      method: 'POST',
      headers: { origin: site.origin, host: site.host, 'content-type': 'application/json', ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const issued = await challengePost(request('/api/wallet-session/nonce'));
  if (!issued.ok) return { refused: issued.status };
  const challenge = (await issued.json()) as SignInChallenge;
  const address = keypair.publicKey.toBase58();
  const text = new TextEncoder().encode(createSignInMessageText({ ...challenge, address }));
  const proof = { address, signedMessage: Buffer.from(text).toString('base64'), signature: Buffer.from(signAs(keypair, text)).toString('base64') };
  const signedIn = await signInPost(request('/api/wallet-session', proof));
  if (!signedIn.ok) return { refused: signedIn.status };
  // The session cookie, whatever its name: the first name=value of Set-Cookie.
  return { cookie: signedIn.headers.get('set-cookie')!.split(';')[0]! };
}
